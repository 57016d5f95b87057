import { TWIN_FORMAT, TwinFile } from '../profile/twin-file.js'
import type { DatasetInput } from '../schemas/dataset.js'
import { profiledSchemas } from '../schemas/profiled.js'

// A twin file as the mock serves it: checked whole before anything starts (its format, its shape,
// that its records hang together), then turned into the profile and the dataset the mock starts from.

/** Why a twin file cannot be served, in one line for the command and for createMockApi's caller. */
export class TwinFileError extends Error {
  override readonly name = 'TwinFileError'
}

/**
 * A twin file, checked: of this format, in this shape, its campaigns on adverts it holds.
 * @example parseTwinFile(JSON.parse(readFileSync('staging.twin.json', 'utf8'))).source.base_url
 */
export function parseTwinFile(value: unknown): TwinFile {
  const format = (value as { format?: unknown } | null)?.format
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TwinFileError('is not a twin file: it holds no JSON object')
  if (format !== TWIN_FORMAT)
    throw new TwinFileError(
      `is of format ${JSON.stringify(format ?? null)}, not ${TWIN_FORMAT}: learn it again with this version`,
    )
  const parsed = TwinFile.safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw new TwinFileError(
      `is not a valid twin file: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`.trim(),
    )
  }
  const twin = parsed.data
  const adverts = new Set(twin.account.adverts.map((advert) => advert.id))
  const stray = twin.account.campaigns.find((campaign) => !adverts.has(campaign.advert_id))
  if (stray)
    throw new TwinFileError(
      `is inconsistent: campaign ${stray.id} is on advert ${stray.advert_id}, which its account does not hold`,
    )
  // Every record as its own profile stores it (its tier names, broadcasting types, bounds and extra fields).
  const records = profiledSchemas(twin.profile).records.Dataset.safeParse(twinDataset(twin))
  if (!records.success) {
    const [issue] = records.error.issues
    const [table, index, ...field] = issue?.path.map(String) ?? []
    const where = table === 'users' ? ['account.user', ...field] : [`account.${table}`, index, ...field]
    throw new TwinFileError(`is inconsistent: ${where.join('.')} does not fit its profile: ${issue?.message ?? ''}`)
  }
  return twin
}

/**
 * The dataset a twin starts from (and a reset restores): its captured user, with the twin's own
 * key, and the user's adverts and campaigns as they came, extra fields included.
 */
export function twinDataset({ account }: TwinFile): DatasetInput {
  const { api_tier_limits: _limits, ...user } = account.user as Record<string, unknown>
  const userId = account.user.id
  return {
    users: [{ ...user, topups_count: 0 }],
    adverts: account.adverts.map((advert) => ({ ...advert, user_id: userId })),
    campaigns: account.campaigns.map(({ advert_title: _title, advert: _advert, ...campaign }) => campaign),
  } as DatasetInput
}

/** The twin file's JSON text, parsed and checked (a file that is not JSON says so in one line). */
export function readTwinFile(text: string): TwinFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new TwinFileError(`is not JSON: ${(error as Error).message}`)
  }
  return parseTwinFile(value)
}
