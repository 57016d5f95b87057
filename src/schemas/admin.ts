import { z } from 'zod'
import { ApiTier, Email } from './user.js'

/** Body of POST /__admin/users; every field optional. */
export const NewUserInput = z
  .strictObject({
    email: Email.optional().meta({ description: 'Defaults to user<id>@example.com.' }),
    tier: ApiTier.optional().meta({ description: 'Defaults to basic.' }),
  })
  .meta({ id: 'NewUserInput' })
export type NewUserInput = z.infer<typeof NewUserInput>
