import { describeResponse, specOperations, type Check } from './check.js'

/** No request the suite sends may make the server fail: a 5xx is never a conformant answer. */
export const notAServerError: Check = {
  kind: 'response',
  description: 'No response is a 5xx.',
  claims: { spec: specOperations },
  run(ctx, exchange) {
    if (exchange.response.status < 500) return
    ctx.fail(`Server error ${exchange.response.status}`, {
      received: describeResponse(exchange),
      documented: 'No operation documents a 5xx response',
      profile: 'spec',
    })
  },
}
