import type { Profile } from '../../src/profile/profile.js'
import { OTHER_PROFILE, OTHER_PROFILE_FIXTURES } from './other-profile.js'

// A profile that takes every way an answer is written from kept JSON off the plain path: fields in
// an order of its own (a campaign's detail embeds its advert, which its order names, so the detail is
// not the list's JSON with the advert last), pages that link to each other below the request's base,
// a field written from the base URL and one that follows another field, sorted by a timestamp, and a
// delete that answers the record. The caches' property test runs under it.
export const SHAPED_PROFILE: Profile = {
  ...OTHER_PROFILE,
  lists: {
    ...OTHER_PROFILE.lists,
    order: { field: 'updated_at', direction: 'desc' },
    envelope: {
      data: { $slot: 'items' },
      links: {
        self: { $link: 'self', href: '{base}{path}?page={page}&per_page={per_page}' },
        next: { $link: 'next', href: '{basepath}{path}?page={page}&per_page={per_page}' },
      },
      count: { $slot: 'count' },
      from: { $slot: 'from' },
    },
  },
  resources: {
    ...OTHER_PROFILE.resources,
    campaignDetailEmbedsAdvert: true,
    deletes: {
      campaign: { status: 200, body: { deleted: { $slot: 'record' }, id: { $slot: 'id' } } },
      advert: { status: 204, body: null },
    },
    extraFields: {
      ...OTHER_PROFILE.resources.extraFields,
      campaign: {
        url: { $text: '{base}/campaigns/{id}' },
        state: {
          $map: {
            field: 'enabled',
            cases: [
              [true, 'running'],
              [false, 'paused'],
            ],
          },
        },
      },
    },
    fieldOrder: { user: ['email', 'id'], advert: ['title', 'id'], campaign: ['advert', 'enabled', 'id'], balance: [] },
  },
}

/** The fixtures of the profile it is built on (every campaign of its one broadcasting type). */
export const SHAPED_FIXTURES = OTHER_PROFILE_FIXTURES
