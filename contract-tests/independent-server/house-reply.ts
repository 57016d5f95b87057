import type { Reply } from './reply.js'

// What a house style's route answers: the first set's reply, and what a style adds to it (a
// Link header, an Allow, a media type of its own for errors).

/** A reply with the headers and media type a style gives it. */
export interface HouseReply extends Reply {
  headers?: Record<string, string>
  /** Default `application/json; charset=utf-8`. */
  contentType?: string
}
