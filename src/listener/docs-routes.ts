import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Express, Request } from 'express'
import type { MockApi } from '../surface/create-mock-api.js'
import { basePath } from '../pipeline/base-path.js'
import { demoApiKey } from '../store/fixtures.js'

// Where the listener serves the docs page and its assets.
const DOCS_PATHS = { page: '/docs', script: '/docs/init.js', assets: '/docs/assets' } as const

/** Where the listener serves the documents: beside the API and the control plane they describe. */
export function documentPaths(api: MockApi): { json: string; yaml: string; admin: string } {
  const apiPath = basePath(api.context.apiBase)
  return {
    json: `${apiPath}/openapi.json`,
    yaml: `${apiPath}/openapi.yaml`,
    admin: `${basePath(api.context.adminBase)}/openapi.json`,
  }
}

// Only what the page loads, not swagger-ui-dist's demo page.
const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]

/**
 * Where Swagger UI's files are: vendored into the package by the build (dist/docs-assets, beside
 * dist/src), or, running this repository's source before a build, its devDependency's own. The
 * package depends on no swagger-ui-dist, whose @scarf/scarf runs an analytics postinstall.
 */
const here = dirname(fileURLToPath(import.meta.url))
const swaggerUiDir =
  [join(here, '../../docs-assets/swagger-ui'), join(here, '../../dist/docs-assets/swagger-ui')].find((dir) =>
    existsSync(join(dir, 'swagger-ui-bundle.js')),
  ) ?? join(here, '../../node_modules/swagger-ui-dist')

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Advertising Campaign Service API: docs</title>
    <link rel="stylesheet" href="${DOCS_PATHS.assets}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${DOCS_PATHS.assets}/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${DOCS_PATHS.assets}/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATHS.assets}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATHS.assets}/swagger-ui-standalone-preset.js"></script>
    <script src="${DOCS_PATHS.script}"></script>
  </body>
</html>
`

/**
 * The document builders and the YAML writer, loaded by the first request that needs them: they
 * bring openapi3-ts, yaml and faker (the examples' data), which the API and start-up never need.
 */
let builders:
  Promise<typeof import('../openapi/build-openapi.js') & typeof import('../openapi/build-admin-openapi.js')> | undefined
const loadBuilders = () =>
  (builders ??= Promise.all([import('../openapi/build-openapi.js'), import('../openapi/build-admin-openapi.js')]).then(
    ([api, admin]) => ({ ...api, ...admin }),
  ))

/** The page's settings: both documents, the demo key pre-filled, nothing fetched from elsewhere. */
async function initScript(paths: ReturnType<typeof documentPaths>, apiKey: string | undefined): Promise<string> {
  const { API_KEY_SCHEME } = await loadBuilders()
  const settings = {
    urls: [
      { url: paths.json, name: 'Advertising Campaign Service API' },
      { url: paths.admin, name: 'Mock control plane (/__admin)' },
    ],
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: true,
    // The default sends the document to validator.swagger.io; the page must work offline.
    validatorUrl: null,
    layout: 'StandaloneLayout',
  }
  return `window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(settings)}, {
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  onComplete: function () {
    ${apiKey ? `window.ui.preauthorizeApiKey(${JSON.stringify(API_KEY_SCHEME)}, ${JSON.stringify(apiKey)})` : ''}
  },
}))
`
}

/** A twin's own document (the deployment's), listing this listener first, when it has one. */
function twinDocument(api: MockApi, origin: string): object | undefined {
  const document = api.context.twin?.document
  if (!document || !('paths' in document)) return undefined
  const servers = Array.isArray(document.servers) ? document.servers : []
  return {
    ...document,
    servers: [{ url: origin + basePath(api.context.apiBase), description: 'This twin' }, ...servers],
  }
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`

/**
 * Serves the OpenAPI documents (built from the code, listing this listener as the first
 * server so "try it" calls it) and an offline Swagger UI at /docs with the first fixture
 * user's key pre-filled. The listener mounts them before the mock's routes.
 */
export function docsRoutes(app: Express, api: MockApi): void {
  const paths = documentPaths(api)
  let script: Promise<string> | undefined
  const documents = new Map<string, { api: object; admin: object }>()
  const documentsFor = async (req: Request) => {
    const origin = originOf(req)
    let built = documents.get(origin)
    if (!built) {
      const { buildOpenApi, buildAdminOpenApi } = await loadBuilders()
      built = {
        api:
          twinDocument(api, origin) ??
          buildOpenApi({ serverUrl: origin + basePath(api.context.apiBase), profile: api.context.profile }),
        admin: buildAdminOpenApi({ serverUrl: origin + basePath(api.context.adminBase) }),
      }
      documents.set(origin, built)
    }
    return built
  }

  app.get(paths.json, async (req, res) => void res.json((await documentsFor(req)).api))
  app.get(paths.yaml, async (req, res) => {
    const [{ stringify }, documents] = await Promise.all([import('yaml'), documentsFor(req)])
    res.type('application/yaml').send(stringify(documents.api, { lineWidth: 0 }))
  })
  app.get(paths.admin, async (req, res) => void res.json((await documentsFor(req)).admin))
  app.get([DOCS_PATHS.page, `${DOCS_PATHS.page}/`], (_req, res) => void res.type('html').send(page))
  app.get(
    DOCS_PATHS.script,
    async (_req, res) =>
      void res.type('text/javascript').send(await (script ??= initScript(paths, demoApiKey(api.context.fixtures)))),
  )
  for (const file of SWAGGER_UI_FILES) {
    app.get(`${DOCS_PATHS.assets}/${file}`, (_req, res) => res.sendFile(join(swaggerUiDir, file)))
  }
}
