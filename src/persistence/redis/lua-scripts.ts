// The sandbox's Lua scripts: each one step, atomic in Redis. Every key of a tenant starts with its
// prefix P (ARGV[1]): P..'v' the version, P..'snap' the snapshot at some version, P..'log' the
// stream of state entries after it (ids `<version>-0`), P..'lock' the write turn, P..'j' and P..'js'
// the journal and its sequence, P..'hits' the overrides' hits, P..'rle' the rate-limit epoch and
// P..'rl:<epoch>:<user>' each user's counts. Keys are built inside the scripts, so the store needs one
// Redis, not a cluster (docs/sandbox.md).

/** What every script may use: refreshing the tenant's time to live, and the state after a version. */
const PRELUDE = `
local P = ARGV[1]
local KEYS_OF = {'v', 'snap', 'log', 'j', 'js', 'jg', 'hits', 'rle'}
local function touch(ttl)
  if ttl <= 0 then return end
  for _, k in ipairs(KEYS_OF) do redis.call('PEXPIRE', P .. k, ttl) end
end
local function entries_after(from)
  local out = {}
  for _, e in ipairs(redis.call('XRANGE', P .. 'log', (from + 1) .. '-0', '+')) do
    out[#out + 1] = string.match(e[1], '^(%d+)')
    out[#out + 1] = e[2][2]
  end
  return out
end
-- {status, version, entries, snapshot}: 'ok' with the entries after \`from\`, 'reload' with the
-- snapshot and the entries after it (\`from\` is older than the snapshot, or ahead of the store), 'gone'.
local function state_after(from)
  local v = redis.call('GET', P .. 'v')
  if not v then return {'gone', -1, {}, {}} end
  v = tonumber(v)
  if v == from then return {'ok', v, {}, {}} end
  local snap = redis.call('HMGET', P .. 'snap', 'v', 'state', 'settings')
  if not snap[1] then return {'gone', -1, {}, {}} end
  local sv = tonumber(snap[1])
  if from < sv or from > v then return {'reload', v, entries_after(sv), {sv, snap[2], snap[3]}} end
  return {'ok', v, entries_after(from), {}}
end
`

/**
 * ARGV: P, ttl, profile, [state, settings, epoch, format key, format]. Loads the tenant, or makes it
 * from the state given (marking the database as a sandbox's, if nothing marks it yet).
 */
export const OPEN = `${PRELUDE}
local ttl = tonumber(ARGV[2])
if redis.call('EXISTS', P .. 'v') == 0 then
  if not ARGV[4] then return {'absent'} end
  redis.call('DEL', P .. 'log', P .. 'j', P .. 'js', P .. 'hits', P .. 'lock')
  redis.call('SET', P .. 'v', 0)
  redis.call('HSET', P .. 'snap', 'v', 0, 'state', ARGV[4], 'settings', ARGV[5], 'profile', ARGV[3])
  redis.call('SET', P .. 'rle', ARGV[6])
  redis.call('SET', ARGV[7], ARGV[8], 'NX')
  touch(ttl)
  return {'created'}
end
local profile = redis.call('HGET', P .. 'snap', 'profile')
if profile ~= ARGV[3] then return {'other_profile', profile or ''} end
touch(ttl)
local state = state_after(-1)
return {'load', state[2], state[3], state[4]}
`

/**
 * ARGV: P, from, hits?, journal seq (-1: not wanted), ttl, journal generation. The state after `from`,
 * the hits when asked, and the journal's entries after the seq given (all of them when it was cleared
 * since: its generation differs), its last seq and its generation.
 */
export const CATCH_UP = `${PRELUDE}
local state = state_after(tonumber(ARGV[2]))
if ARGV[3] == '1' then state[5] = redis.call('HGETALL', P .. 'hits') else state[5] = {} end
local seen = tonumber(ARGV[4])
state[6] = {}
if seen >= 0 then
  local last = tonumber(redis.call('GET', P .. 'js') or '0')
  local generation = redis.call('GET', P .. 'jg') or '0'
  if generation ~= ARGV[6] then seen = 0 end
  if last > seen then state[6] = redis.call('LRANGE', P .. 'j', seen - last, -1) end
  state[7] = last
  state[8] = generation
end
if state[1] ~= 'gone' then touch(tonumber(ARGV[5])) end
return state
`

/** ARGV: P, token, lock ms, from. Takes the write turn and answers the state after `from`, or 'busy' and how long it is held. */
export const ACQUIRE = `${PRELUDE}
if not redis.call('SET', P .. 'lock', ARGV[2], 'NX', 'PX', ARGV[3]) then
  return {'busy', redis.call('PTTL', P .. 'lock')}
end
local state = state_after(tonumber(ARGV[4]))
if state[1] == 'gone' then redis.call('DEL', P .. 'lock') end
return state
`

/**
 * ARGV: P, token, expected version, entry, ttl, [state, settings]. Appends the entry as the next
 * version while the turn is still this caller's (and, given a state, keeps it as the snapshot and
 * drops the entries it holds), then ends the turn.
 */
export const COMMIT = `${PRELUDE}
if redis.call('GET', P .. 'lock') ~= ARGV[2] then return {'fenced'} end
local v = tonumber(redis.call('GET', P .. 'v') or '-1')
if v ~= tonumber(ARGV[3]) then return {'fenced'} end
v = v + 1
redis.call('XADD', P .. 'log', v .. '-0', 'e', ARGV[4])
redis.call('SET', P .. 'v', v)
if ARGV[6] then
  redis.call('HSET', P .. 'snap', 'v', v, 'state', ARGV[6], 'settings', ARGV[7])
  redis.call('XTRIM', P .. 'log', 'MINID', (v + 1) .. '-0')
end
redis.call('DEL', P .. 'lock')
touch(tonumber(ARGV[5]))
return {'ok', v}
`

/** ARGV: P, token, [lock ms]. Ends the turn (or, with a time, keeps it that much longer) while it is still this caller's. */
export const RELEASE = `
local P = ARGV[1]
if redis.call('GET', P .. 'lock') ~= ARGV[2] then return 0 end
if ARGV[3] then return redis.call('PEXPIRE', P .. 'lock', ARGV[3]) end
return redis.call('DEL', P .. 'lock')
`

/**
 * ARGV: P, the tenant's ttl (0: none), then per request: user, now (ms), per_minute, per_day, exhaust (0/1). For each, the counts
 * of both windows after the check: allowed (0/1), minute start, minute count, day start, day count.
 * A window's count starts again at the first request outside it; a refused request is not counted;
 * `exhaust` then counts what is left in both windows.
 */
export const RATE = `
local P = ARGV[1]
local epoch = redis.call('GET', P .. 'rle') or '0'
-- Counts go after two days unused (a day's window and then some), or with the tenant.
local keep = tonumber(ARGV[2])
if keep <= 0 or keep > 172800000 then keep = 172800000 end
local out = {}
for i = 3, #ARGV, 5 do
  local key = P .. 'rl:' .. epoch .. ':' .. ARGV[i]
  local now, pm, pd = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
  local h = redis.call('HMGET', key, 'ms', 'mc', 'ds', 'dc')
  local ms, mc, ds, dc = tonumber(h[1]), tonumber(h[2]) or 0, tonumber(h[3]), tonumber(h[4]) or 0
  local mstart, dstart = now - now % 60000, now - now % 86400000
  if ms ~= mstart then ms, mc = mstart, 0 end
  if ds ~= dstart then ds, dc = dstart, 0 end
  local allowed = mc < pm and dc < pd
  if allowed then
    mc, dc = mc + 1, dc + 1
    if ARGV[i + 4] == '1' then
      local left = math.min(pm - mc, pd - dc)
      mc, dc = mc + left, dc + left
    end
    redis.call('HSET', key, 'ms', string.format('%d', ms), 'mc', mc, 'ds', string.format('%d', ds), 'dc', dc)
    redis.call('PEXPIRE', key, keep)
  end
  out[#out + 1] = allowed and 1 or 0
  out[#out + 1] = ms
  out[#out + 1] = mc
  out[#out + 1] = ds
  out[#out + 1] = dc
end
return out
`

/** ARGV: P. Empties the journal and starts its next generation (a replica that read the last one reads it whole again). */
export const JOURNAL_CLEAR = `
local P = ARGV[1]
redis.call('DEL', P .. 'j', P .. 'js')
return redis.call('INCR', P .. 'jg')
`

/** ARGV: P, capacity, ttl, then entries (JSON). Numbers each entry from the journal's sequence, keeps the last `capacity`. */
export const JOURNAL = `
local P = ARGV[1]
for i = 4, #ARGV do
  local seq = redis.call('INCR', P .. 'js')
  redis.call('RPUSH', P .. 'j', seq .. ' ' .. ARGV[i])
end
redis.call('LTRIM', P .. 'j', -tonumber(ARGV[2]), -1)
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  redis.call('PEXPIRE', P .. 'j', ttl)
  redis.call('PEXPIRE', P .. 'js', ttl)
end
return #ARGV - 3
`
