import { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE } from '../domain/request-journal.js'
import { DEFAULT_RESOURCE_CAPS } from '../schemas/resource-caps.js'

/** The most users --generate makes: the store's cap on accounts. */
export const MAX_GENERATED_USERS = DEFAULT_RESOURCE_CAPS.users

/** The command's help text. */
export const USAGE = `Usage: ad-campaign-mock [options]
       ad-campaign-mock contract [--help]   run the contract suite (CONTRACT_* variables; see its --help)
       ad-campaign-mock twin --base-url <url> --key <key> --out <file>   learn a twin of a deployment (see its --help)

  --port <n>          port to listen on (env PORT; default 4010; 0 picks a free one)
  --host <addr>       address to bind (env HOST; default 127.0.0.1)
  --fixtures <file>   start from this dataset (JSON) instead of fixtures/default.json
  --twin <file>       serve as a twin of a deployment (written by ad-campaign-mock twin): its
                      choices where the spec is silent, its captured account and its document
                      (see docs/twin.md; not with --fixtures or --generate)
  --generate <users>  start from a generated dataset of this many users (faker; 1 to ${MAX_GENERATED_USERS})
  --seed <n>          faker seed for --generate (default 1)
  --state <file>      keep the state in this JSON file: loaded at start if it exists (else created
                      from the dataset), saved after every write and at shutdown
  --store <url>       share the state with every replica given the same Redis (redis://host:port/db):
                      a team sandbox, tenants under /t/<name>/ (see docs/sandbox.md; not with --state)
  --tenant-ttl <s>    seconds a named tenant lives unused (with --store; default 86400)
  --admin-token <t>   require this token (X-Admin-Token header) on /__admin;
                      required when --host is not a loopback address
  --tiers <file>      JSON of tier limits to override, merged over the defaults, e.g. {"free":{"per_minute":5}}
  --faults <file>     JSON fault settings (see docs/control-plane.md)
  --latency <ms>      add latency to every API response: fixed (200) or a range (100-500)
  --error-rate <r>    fail this share (0..1) of API requests with --error-status
  --error-status <s>  status of forced errors (default 500)
  --error-route <r>   only force errors on this route, e.g. "POST /campaigns" or "/campaigns/*"
  --fault-seed <n>    seed of the random latency and errors (default 1)
  --journal-size <n>  how many requests GET /__admin/requests keeps (default ${DEFAULT_JOURNAL_SIZE}, at most ${MAX_JOURNAL_SIZE})
  --log <format>      request log format: text (default) or json (one object per line)
  --quiet             no request log
  --outlive-parent    keep serving after the process that started the mock exits; by default the
                      mock stops then, as on SIGTERM, so stopping \`npx ad-campaign-mock\` stops it
                      (see docs/harness.md)
  --version           print the version
  -h, --help          show this help`

/** The sentence that ends every usage mistake's line. */
export const USAGE_HINT = 'Run ad-campaign-mock --help to see the options.'
