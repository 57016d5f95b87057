import type { CheckName } from '../checks/check-names.js'
import type { ContractDocument, JsonObject } from '../document/document.js'
import type { ProfileSelection } from '../document/profiles.js'

/** How to run the suite. Only `baseUrl` and a key (or a control plane) are needed. */
export interface ContractSuiteOptions {
  /** Ends with the versioned prefix, e.g. `https://ads.example.com/api/v1`. */
  baseUrl: string
  /** The key to test with; without one, the control plane opens an account for the run. */
  apiKey?: string
  /** A key of another account, for object_level_authorization; opened through the control plane when absent. */
  secondApiKey?: string
  /** The OpenAPI 3.1 document: a path, the parsed JSON, or a loaded document. Default: the one shipped in the package. */
  document?: string | JsonObject | ContractDocument
  /** Default `all` with a control plane (the mock), else `contract`. */
  profile?: ProfileSelection
  /** Run only these checks (and flows). */
  checks?: readonly CheckName[]
  /** Leave these out. */
  skipChecks?: readonly CheckName[]
  /** The mock's /__admin, e.g. `http://127.0.0.1:4010/__admin`. Never given for a live deployment. */
  controlPlane?: { url: string; token?: string }
  /** Spend the key's quota to see a 429 (default: only with a control plane). */
  rateLimit?: boolean
  /** Allow resetting the key and changing (then restoring) the e-mail. Default: only for an account the run opened. */
  allowDestructive?: boolean
  /** Most requests the run may send, cleanup excepted. Default 800. */
  maxRequests?: number
  /** Longest wait for Retry-After or a spent window, in seconds. Default 65. */
  maxWaitSeconds?: number
  /** The fetch to send with (the in-process msw one, say). */
  fetch?: typeof fetch
  /** Marks what the run creates; random by default. */
  runId?: string
  /** Told what the run is doing when it makes you wait (a real sleep for a rate-limit window), e.g. `(line) => console.error(line)`. */
  onProgress?: (line: string) => void
}
