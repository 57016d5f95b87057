export { createMockApi, type MockApi, type MockApiOptions } from './surface/create-mock-api.js'
export { ArrangeError, type Arrange } from './control-plane/arrange.js'
export type {
  ArrangeAdvertOptions,
  ArrangeCampaignOptions,
  ArrangeCampaignsOptions,
  ArrangeUserOptions,
  RecordRef,
} from './schemas/arrange.js'
export type { OperationId, Override, OverrideHandlerFactory, OverrideResolver } from './surface/override.js'
export type { MockContext } from './pipeline/mock-context.js'
export { parseTwinFile, readTwinFile, twinDataset, TwinFileError } from './surface/twin.js'
export { TWIN_FORMAT, TwinFile, type CapturedAccount, type LearnedChoice } from './profile/twin-file.js'
export { DEFAULT_PROFILE, PROFILE_FORMAT, Profile } from './profile/profile.js'
export { createClock, type Clock } from './domain/clock.js'
export { DEFAULT_TIER_LIMITS } from './domain/tiers.js'
export { DEMO_API_KEY, OTHER_API_KEY, DEFAULT_FIXTURES } from './store/fixtures.js'
export type { MockDb } from './store/store.js'
export type { Account } from './store/account.js'
export { UserRecord, AdvertRecord, CampaignRecord } from './store/models.js'
export { generateDataset, type GenerateDatasetOptions } from './store/generate-dataset.js'
export { operations } from './operations/api.js'
export type { Operation } from './operations/define-operation.js'
export { ERROR_STATUS, type ErrorCode } from './errors/error-codes.js'
export { User, UserUpdateInput, Balance, ApiTier, API_TIERS, ApiTierLimits } from './schemas/user.js'
export { Advert, AdvertInput, AdvertUpdateInput } from './schemas/advert.js'
export {
  Campaign,
  CampaignDetailed,
  CampaignInput,
  CampaignUpdateInput,
  CampaignListQuery,
  BroadcastingType,
  BROADCASTING_TYPES,
} from './schemas/campaign.js'
export { PaginationQuery } from './schemas/common.js'
export { DEFAULT_MODEL, modelOf, type ApiModel } from './model/api-model.js'
import { DEFAULT_MODEL } from './model/api-model.js'

/** The mock's own schemas of an error's body, one failing field, and a list's paging object (its profile's, as its model compiles them). */
export const { Error: ErrorBody, ValidationError, FieldError } = DEFAULT_MODEL.errors.components
export const { Pagination } = DEFAULT_MODEL.lists.components
export { Dataset } from './schemas/dataset.js'
export type { MockControls } from './control-plane/checked-controls.js'
export { RATE_LIMIT_HEADERS } from './model/header-model.js'
export { RATE_LIMIT_WINDOWS, type RateLimitWindow } from './domain/rate-limit.js'
export type { JournalEntry as RequestJournalEntry } from './domain/request-journal.js'
export { adminOperations } from './operations/control-plane.js'
export {
  ClockInput,
  ClockState,
  DeliveryInput,
  DeliveryReport,
  ErrorRule,
  FAULT_STATUSES,
  FaultSettings,
  type FaultSettingsInput,
  MockState,
  type MockStateInput,
  SeedInput,
  type StoreCounts,
  TierOverrides,
  TierTable,
  TopUpInput,
} from './schemas/control-plane.js'
export {
  parseSnapshot,
  restoreSnapshot,
  serializeSnapshot,
  SnapshotError,
  SNAPSHOT_FORMAT,
  type Snapshot,
  type SnapshotProblem,
} from './domain/snapshot.js'
export type { StateChange, StateChangeReason, StateListener } from './domain/state-changes.js'
