import { describeResponse, failureFor, specOperationsOrAll, type Check } from '../check.js'

/** No request the suite sends may make the server fail: a 5xx is never a conformant answer. */
export const notAServerError: Check = {
  name: 'not_a_server_error',
  profiles: ['spec'],
  kind: 'response',
  description: 'No response is a 5xx.',
  promises: specOperationsOrAll,
  run(_ctx, exchange) {
    if (exchange.response.status < 500) return
    throw failureFor('not_a_server_error', 'spec', exchange, `Server error ${exchange.response.status}`, describeResponse(exchange), 'No operation documents a 5xx response')
  },
}
