import { isoTimestamp } from '../domain/clock.js'
import type { ErrorCode } from '../errors/error-codes.js'
import type { ApiModel } from '../model/api-model.js'
import { fieldShown, initialValues, type Json, type Template } from '../profile/template.js'
import { errorExample, LIST_EXAMPLES, SCHEMA_EXAMPLES } from './examples.js'

// The document's examples under a model: the mock's own examples (examples.ts), each shown as the
// model would answer it. A twin's document then shows its broadcasting types, its bounds, its
// timestamps, its extra fields, its error bodies and its list envelope; the mock's own examples
// come out as they are.

type Row = Record<string, unknown>

/** The examples a document under one model shows. */
export interface ModelExamples {
  /** The example of a named schema, by its component name. */
  schema(name: string): unknown
  /** A page of records of a kind (Advert, Campaign, User) as the model's list answers it. */
  list(name: string): unknown
  /** The error body the model answers a code with. */
  error(code: ErrorCode): { message: string; body: Json }
}

/**
 * The examples of a model's document.
 * @example examplesOf(DEFAULT_MODEL).schema('Advert')
 */
export function examplesOf(model: ApiModel): ModelExamples {
  const adapt = adapter(model)
  const errorBody = (code: ErrorCode) => {
    const { message, fields } = errorExample(code)
    return { message, body: model.errors.body({ code, message, problems: fields }, EXAMPLE_TIME) }
  }
  const node = (code: ErrorCode) => model.errors.errorNodeOf(errorBody(code).body)
  const problems = (code: ErrorCode) => {
    const { problemsKey } = model.errors
    const list = problemsKey ? (node(code) as Record<string, Json> | undefined)?.[problemsKey] : undefined
    return Array.isArray(list) ? list[0] : undefined
  }
  const shown: Record<string, () => unknown> = {
    Error: () => node('not_found'),
    ValidationError: () => node('validation_failed'),
    FieldError: () => problems('validation_failed'),
    Pagination: () => {
      const { pagingKey } = model.lists
      const page = listPage(model, (LIST_EXAMPLES.Campaign ?? []).length) as Record<string, unknown>
      return pagingKey ? page[pagingKey] : undefined
    },
  }
  return {
    schema: (name) => (name in shown ? shown[name]!() : adapt(name, SCHEMA_EXAMPLES[name])),
    list(name) {
      const items = LIST_EXAMPLES[name]
      if (!items) return undefined
      const adapted = items.map((item) => adapt(name, item)) as Json[]
      return model.lists.envelope(adapted, { page: 1, per_page: model.profile.lists.defaultPerPage, total: adapted.length })
    },
    error: errorBody,
  }
}

/** An instant the error examples stamp with. */
const EXAMPLE_TIME = Date.parse('2026-01-15T09:30:00.000Z')

/** An empty page's envelope with `total` records in the list, for the paging object's example. */
function listPage(model: ApiModel, total: number): Json {
  return model.lists.envelope([], { page: 1, per_page: model.profile.lists.defaultPerPage, total })
}

/** Shows a default example of a named schema as the model would: its enums, bounds, stamps and extra fields. */
function adapter({ profile }: ApiModel) {
  const { resources, inputs, rateLimits, stamps } = profile
  const restamp = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? isoTimestamp(Date.parse(value), stamps.format) : value
  const withExtra = (row: Row, fields: Readonly<Record<string, Template>>) => {
    const shown: Row = { ...row, ...initialValues(fields) }
    for (const [name, template] of Object.entries(fields)) {
      const value = fieldShown(template, shown[name], shown)
      if (value !== undefined) shown[name] = value
    }
    return shown
  }
  const stamped = (row: Row) => ({ ...row, created_at: restamp(row.created_at), updated_at: restamp(row.updated_at) })
  const type = (value: unknown) =>
    resources.broadcastingTypes.includes(String(value)) ? value : resources.broadcastingTypes[0]
  const cpm = (value: unknown) => {
    const { decimals, max } = inputs.cpm
    const capped = Math.min(Number(value), max)
    return decimals === null ? capped : Math.round(capped * 10 ** decimals) / 10 ** decimals || 10 ** -decimals
  }
  const title = (value: unknown) => String(value).slice(0, inputs.titleMaxLength)
  const tierOf = (value: unknown) => (String(value) in rateLimits.tiers ? String(value) : rateLimits.defaultTier)
  const advert = (row: Row) => withExtra(stamped({ ...row, title: title(row.title) }), resources.extraFields.advert)
  const campaign = (row: Row) =>
    withExtra(
      stamped({ ...row, broadcasting_type: type(row.broadcasting_type), cpm: cpm(row.cpm), advert_title: title(row.advert_title) }),
      resources.extraFields.campaign,
    )
  const user = (row: Row) => {
    const tier = tierOf(row.api_tier)
    return withExtra(stamped({ ...row, api_tier: tier, api_tier_limits: rateLimits.tiers[tier] }), resources.extraFields.user)
  }
  const wrapped = (key: string, change: (row: Row) => Row) => (value: Row) => ({ ...value, [key]: change(value[key] as Row) })
  const campaignInput = (row: Row) => ({
    ...row,
    ...('broadcasting_type' in row ? { broadcasting_type: type(row.broadcasting_type) } : {}),
    ...('cpm' in row ? { cpm: cpm(row.cpm) } : {}),
  })
  const advertInput = (row: Row) => ({ ...row, ...('title' in row ? { title: title(row.title) } : {}) })
  const byName: Record<string, (value: Row) => unknown> = {
    User: user,
    // A tier's limits of the profile's own: the example's where some tier has them, else the default tier's.
    ApiTierLimits: (row) =>
      Object.values(rateLimits.tiers).some((limits) => JSON.stringify(limits) === JSON.stringify(row))
        ? row
        : rateLimits.tiers[rateLimits.defaultTier],
    Balance: (row) => withExtra(row, resources.extraFields.balance),
    Advert: advert,
    Campaign: campaign,
    CampaignDetailed: (row) => ({ ...campaign(row), advert: advert(row.advert as Row) }),
    CampaignInput: wrapped('campaign', campaignInput),
    CampaignUpdateInput: wrapped('campaign', campaignInput),
    AdvertInput: wrapped('advert', advertInput),
    AdvertUpdateInput: wrapped('advert', advertInput),
  }
  return (name: string, value: unknown): unknown =>
    value !== null && typeof value === 'object' && name in byName ? byName[name]!(value as Row) : value
}
