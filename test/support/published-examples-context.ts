// What the published `@example`s take for granted, declared for the compiler: the names an example
// uses without making them (a mock, its context, a request, a listener, …) with the types the
// package gives them, and the functions of other modules and libraries they call. `@dist/` is the
// path of the built package (dist/). One context for the mock's modules, one for the contract suite's.

/** The context of the examples in dist/src. */
export const SRC_CONTEXT = `
export { setupServer } from 'msw/node'
export { getResponse, HttpResponse } from 'msw'
export { afterAll, afterEach, expect } from 'vitest'
export * as z from 'zod/mini'
export { createServer } from 'node:http'
export { readFileSync } from 'node:fs'
export { createMockApi } from '@dist/src/surface/create-mock-api.js'
export { createExpressApp, createListenerApp } from '@dist/src/listener/express-app.js'
export { documentPaths } from '@dist/src/listener/docs-routes.js'
export { createControlOperations } from '@dist/src/control-plane/control-operations.js'
export { createArrange } from '@dist/src/control-plane/arrange.js'
export { arrangeUser } from '@dist/src/control-plane/arrange-accounts.js'
export { getAdvert, getCampaign, operations } from '@dist/src/operations/api.js'
export { CampaignInput } from '@dist/src/schemas/campaign.js'
export { PaginationQuery } from '@dist/src/schemas/common.js'
export { AdvertRecord } from '@dist/src/schemas/dataset.js'
export { OverrideInput } from '@dist/src/schemas/overrides.js'
export { MESSAGES } from '@dist/src/errors/messages.js'
export { ApiError } from '@dist/src/errors/api-error.js'
export { validate } from '@dist/src/errors/validate.js'
export { IdCounter } from '@dist/src/store/id-counter.js'
export { serializeSnapshot } from '@dist/src/domain/snapshot.js'
export { ownedAdvert } from '@dist/src/domain/ownership.js'
export { presentAdvert } from '@dist/src/presentation/present.js'
export { answerRequest } from '@dist/src/pipeline/pipeline.js'
export { serve } from '@dist/src/cli/serve.js'
export { DEFAULT_PROFILE } from '@dist/src/profile/profile.js'
export { DEFAULT_MODEL } from '@dist/src/model/api-model.js'
export { GLOBAL_NAMER } from '@dist/src/schemas/namer.js'
export { buildOpenApi } from '@dist/src/openapi/build-openapi.js'
export { UserRecord } from '@dist/src/schemas/dataset.js'
export { profileOf } from '@dist/src/twin/observations.js'
export { combineBodies } from '@dist/src/twin/combine-errors.js'
export { deriveList } from '@dist/src/twin/derive-list.js'
export { explainer } from '@dist/src/twin/explain.js'
export { formatChoices, formatReplay, formatSummary } from '@dist/src/twin/format-choices.js'
export { reconcileAccount } from '@dist/src/twin/reconcile-account.js'
export { replayTwin } from '@dist/src/twin/replay.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'msw'
import type { SetupServer } from 'msw/node'
import type { Clock } from '@dist/src/domain/clock.js'
import type { RateLimitDecision, RateLimiter } from '@dist/src/domain/rate-limit.js'
import type { ErrorModel } from '@dist/src/model/error-model.js'
import type { HeaderModel } from '@dist/src/model/header-model.js'
import type { RequestJournal } from '@dist/src/domain/request-journal.js'
import type { MockRequest } from '@dist/src/http/mock-request.js'
import type { Listener } from '@dist/src/listener/listener.js'
import type { Express } from 'express'
import type { Operation } from '@dist/src/operations/define-operation.js'
import type { MockContext } from '@dist/src/pipeline/mock-context.js'
import type { OperationRoute, PathParams } from '@dist/src/pipeline/route.js'
import type { NotFoundRoutes, RouteIndex } from '@dist/src/pipeline/route-index.js'
import type { NodeMock } from '@dist/src/runtimes/node.js'
import type { Account } from '@dist/src/store/account.js'
import type { AdvertRecord as Advert, UserRecord } from '@dist/src/schemas/dataset.js'
import type { Store } from '@dist/src/store/store.js'
import type { MockApi } from '@dist/src/surface/create-mock-api.js'
import type { Profile } from '@dist/src/profile/profile.js'
import type { Evidence, TwinFile } from '@dist/src/profile/twin-file.js'
import type { Observations } from '@dist/src/twin/observations.js'
import type { LearnedTwin } from '@dist/src/twin/learn-twin.js'
import type { LearnContext } from '@dist/src/twin/learn-context.js'
import type { ProfiledSchemas } from '@dist/src/schemas/profiled.js'
export declare const api: MockApi
export declare const mock: NodeMock
export declare const ctx: MockContext
export declare const store: Store
export declare const user: UserRecord
export declare const account: Account
export declare const advert: Advert
export declare const request: MockRequest
export declare const index: RouteIndex
export declare const routes: OperationRoute[]
export declare const route: OperationRoute
export declare const params: PathParams
export declare const headers: Record<string, string>
export declare const notFound: NotFoundRoutes
export declare const handlers: RequestHandler[]
export declare const server: SetupServer
export declare const listener: Listener
export declare const app: Express
export declare const operation: Operation
export declare const req: IncomingMessage
export declare const res: ServerResponse
export declare const next: (error?: unknown) => void
export declare const clock: Clock
export declare const limiter: RateLimiter
export declare const decision: RateLimitDecision
export declare const errors: ErrorModel
export declare const headers_: HeaderModel
export declare const limits: { per_minute: number; per_day: number }
export declare const now: number
export declare const journal: RequestJournal
export declare const key: string
export declare const file: string
export declare const text: string
export declare function save(reason: string): void
export declare const url: string
export declare const profile: Profile
export declare const twin: TwinFile
export declare const again: TwinFile
export declare const observations: Observations
export declare const learned: LearnedTwin
export declare const learning: LearnContext
export declare const schemas: ProfiledSchemas
export declare const data: unknown
export declare const evidence: Evidence
export declare const chunks: number[][]
export declare const c: number
export declare function takesTitle(length: number): Promise<boolean>
`

/** The context of the examples in dist/contract-tests/lib. */
export const CONTRACT_CONTEXT = `
export { writeFile } from 'node:fs/promises'
export { expect } from 'vitest'
export { formatReport, runContractSuite } from '@dist/contract-tests/lib/index.js'
import type { ContractDocument, DocumentedOperation, JsonObject } from '@dist/contract-tests/lib/document/document.js'
import type { Exchange } from '@dist/contract-tests/lib/client/exchange.js'
import type { NegativeCase } from '@dist/contract-tests/lib/document/negative-data.js'
import type { ContractSuiteOptions, ContractSuiteResult } from '@dist/contract-tests/lib/index.js'
import type { CheckContext } from '@dist/contract-tests/lib/checks/check.js'
import type { SchemaValidator } from '@dist/contract-tests/lib/document/schema-validator.js'
import type { StartedMock } from '@dist/contract-tests/lib/run/run-command.js'
import type { EnvRun } from '@dist/contract-tests/lib/run/options-from-env.js'
import type { Steps } from '@dist/contract-tests/lib/flows/steps.js'
export declare const ctx: CheckContext
export declare const exchange: Exchange
export declare const document: ContractDocument
export declare const operation: DocumentedOperation
export declare const validator: SchemaValidator
export declare const schema: JsonObject
export declare const advertInputSchema: JsonObject
export declare const body: unknown
export declare const error: unknown
export declare const a: NegativeCase
export declare const b: NegativeCase
export declare const sameFieldAndKindAsA: NegativeCase
export declare const result: ContractSuiteResult
export declare const options: ContractSuiteOptions
export declare const baseUrl: string
export declare const apiKey: string
export declare const key: string
export declare function startMock(): Promise<StartedMock>
export declare const command: { run: EnvRun }
export declare const steps: Steps
export declare const input: Record<string, unknown>
export declare const attempts: AsyncGenerator<Exchange, Exchange>
export declare function judge(exchange: Exchange): Promise<void>
`

/** The names a context exports, read off its text. */
export function contextNames(context: string): string[] {
  return [
    ...[...context.matchAll(/^export \{ ([^}]+) \}/gm)].flatMap(([, names]) => names!.split(',').map((n) => n.trim())),
    ...[...context.matchAll(/^export \* as (\w+)/gm)].map(([, name]) => name!),
    ...[...context.matchAll(/^export declare (?:const|function) (\w+)/gm)].map(([, name]) => name!),
  ]
}
