/**
 * Every table that can hold a person's data, and how to find their rows: one SQL condition per
 * table with the named parameters `:user` (their id) and `:email` (their address). The export
 * writes the rows it finds into the file named here, and deleting the account leaves none of
 * them (user-data.test.ts checks both for every table of the schema, and fails for a table that
 * is neither here nor in `notUserData`).
 */

/** The trips the person owns. */
const ownTrips = `(SELECT id FROM trips WHERE "ownerId" = :user)`;
const ownExpenses = `(SELECT id FROM expenses WHERE "tripId" IN ${ownTrips})`;
const ownGroups = `(SELECT id FROM family_groups WHERE "ownerId" = :user)`;
const ownProposals = `(SELECT id FROM proposals WHERE "userId" = :user OR "agentId" = :user)`;
const ownPhotos = `(SELECT "storageKey" FROM photos WHERE "tripId" IN ${ownTrips}
  UNION SELECT "thumbnailKey" FROM photos WHERE "tripId" IN ${ownTrips})`;
/** The live topics that are one person's own (lib/live/feed.ts `topic`). */
export const personalTopics = `('concierge:' || :user, 'trips:' || :user, 'proposals:' || :user, 'notices:' || :user)`;
/** A throttle counter of their account: `<budget>:account:<e-mail or id>`. */
const accountCounter = `instr(key, ':account:') > 0 AND substr(key, instr(key, ':account:') + 9) IN (:email, :user)`;

export interface UserDataTable {
  /** Which rows are the person's, or name them (a condition on the table's columns). */
  where: string;
  /** The zip's file the rows go into (under the table's name), or why they are left out. */
  file: `${string}.json` | { withheld: string };
  /** Narrower than `where` for the export: rows that name the person but belong to someone else stay out. */
  exportWhere?: string;
  /** Columns never written into the export (secrets that would open the account or a share). */
  omit?: readonly string[];
}

export const userDataTables = {
  user: { where: 'id = :user', file: 'profile.json' },
  session: { where: '"userId" = :user', file: 'account.json', omit: ['token'] },
  account: {
    where: '"userId" = :user',
    file: 'account.json',
    omit: ['password', 'accessToken', 'refreshToken', 'idToken'],
  },
  two_factor: { where: '"userId" = :user', file: { withheld: 'secrets; profile.json says whether it is on' } },
  passkey: { where: '"userId" = :user', file: 'account.json', omit: ['publicKey', 'credentialID'] },
  verification: {
    where: 'value = :user OR identifier = :email',
    file: { withheld: 'links and challenges in flight' },
  },
  throttle_counters: { where: accountCounter, file: { withheld: 'counters of failed attempts' } },
  idempotency_keys: { where: '"userId" = :user', file: { withheld: 'stored answers to repeated requests' } },
  expense_idempotency_keys: {
    where: '"userId" = :user',
    file: { withheld: 'stored answers to repeated requests' },
  },
  export_jobs: { where: '"userId" = :user', file: { withheld: 'the exports themselves' } },
  notifications: { where: '"userId" = :user', file: 'notifications.json' },
  inbound_addresses: { where: '"userId" = :user', file: { withheld: 'the secret part of your forwarding address' } },
  inbound_mails: { where: '"userId" = :user', file: { withheld: 'mail forwarded for import, read into your trips' } },
  // The security record keeps its lines when an account goes, without anyone's name in them.
  audit_log: {
    where: `"actorId" = :user OR "targetId" = :user OR "actorEmail" = :email OR instr(summary, :email) > 0`,
    exportWhere: `"actorId" = :user OR "targetId" = :user`,
    file: 'account.json',
  },
  invitations: { where: 'lower(email) = lower(:email) OR "invitedBy" = :user', file: { withheld: 'links in flight' } },
  api_tokens: { where: '"userId" = :user', file: 'account.json', omit: ['tokenHash'] },
  webhook_endpoints: { where: '"userId" = :user', file: 'account.json', omit: ['secret'] },
  webhook_messages: {
    where: `"endpointId" IN (SELECT id FROM webhook_endpoints WHERE "userId" = :user)`,
    file: { withheld: 'events queued for your webhooks' },
  },
  webhook_attempts: {
    where: `"messageSeq" IN (SELECT seq FROM webhook_messages WHERE "endpointId" IN (SELECT id FROM webhook_endpoints WHERE "userId" = :user))`,
    file: { withheld: 'the delivery log of your webhooks' },
  },
  notification_settings: { where: '"userId" = :user', file: 'notifications.json', omit: ['unsubscribeSecret'] },

  trips: { where: '"ownerId" = :user', file: 'trips.json', omit: ['shareToken', 'calendarToken'] },
  events: { where: `"tripId" IN ${ownTrips}`, file: 'trips.json' },
  companions: { where: `"tripId" IN ${ownTrips}`, file: 'trips.json' },
  saved_trips: { where: '"userId" = :user', file: 'trips.json' },
  booking_imports: { where: `"tripId" IN ${ownTrips}`, file: 'trips.json' },
  group_trips: { where: `"tripId" IN ${ownTrips} OR "groupId" IN ${ownGroups}`, file: 'trips.json' },
  change_feed: {
    where: `"tripId" IN ${ownTrips} OR "actorId" = :user OR "rowId" = :user
      OR topic IN ${personalTopics}`,
    // A trip's activity; the rest are signals without data.
    exportWhere: `"tripId" IN ${ownTrips}`,
    file: 'trips.json',
  },
  photos: { where: `"tripId" IN ${ownTrips}`, file: 'trips.json' },
  photo_files: { where: `key IN ${ownPhotos}`, file: { withheld: 'the bytes are the files in photos/' } },
  packing_items: {
    where: `"tripId" IN ${ownTrips} OR "assigneeId" = :user`,
    exportWhere: `"tripId" IN ${ownTrips}`,
    file: 'packing.json',
  },
  todos: {
    where: `"tripId" IN ${ownTrips} OR "assigneeId" = :user`,
    exportWhere: `"tripId" IN ${ownTrips}`,
    file: 'packing.json',
  },
  packing_templates: { where: '"ownerId" = :user', file: 'packing.json' },
  packing_template_items: {
    where: `"templateId" IN (SELECT id FROM packing_templates WHERE "ownerId" = :user)`,
    file: 'packing.json',
  },

  expenses: {
    where: `"tripId" IN ${ownTrips} OR "paidBy" = 'user:' || :user`,
    exportWhere: `"tripId" IN ${ownTrips}`,
    file: 'budget.json',
  },
  expense_shares: {
    where: `"expenseId" IN ${ownExpenses} OR "participantId" = 'user:' || :user`,
    exportWhere: `"expenseId" IN ${ownExpenses}`,
    file: 'budget.json',
  },
  expense_totals: { where: `"tripId" IN ${ownTrips}`, file: { withheld: 'sums of expenses.csv' } },
  expense_list_versions: { where: `"tripId" IN ${ownTrips}`, file: { withheld: 'a count of changes to budget.json' } },
  category_budgets: { where: `"tripId" IN ${ownTrips}`, file: 'budget.json' },

  travels: { where: '"ownerId" = :user', file: 'journal.json' },
  travel_places: { where: '"ownerId" = :user', file: { withheld: 'counts of journal.json by place' } },
  travel_years: { where: '"ownerId" = :user', file: { withheld: 'counts of journal.json by year' } },

  availability: { where: '"userId" = :user', file: 'availability.json' },
  occasions: { where: '"userId" = :user', file: 'availability.json' },

  interests: { where: '"userId" = :user', file: 'preferences.json' },
  wishlist_items: { where: '"userId" = :user', file: 'preferences.json' },
  food_preferences: { where: '"userId" = :user', file: 'preferences.json' },
  inspiration_favourites: { where: '"userId" = :user', file: 'preferences.json' },

  travel_documents: { where: '"userId" = :user', file: 'documents.json' },

  concierge_messages: {
    where: '"userId" = :user OR "agentId" = :user',
    exportWhere: '"userId" = :user',
    file: 'concierge.json',
  },
  concierge_requests: {
    where: '"ownerId" = :user OR "assigneeId" = :user',
    exportWhere: '"ownerId" = :user',
    file: 'concierge.json',
  },
  trip_requests: { where: '"ownerId" = :user', file: 'concierge.json' },

  family_groups: { where: '"ownerId" = :user', file: 'family.json' },
  family_members: {
    where: `"groupId" IN ${ownGroups} OR email = lower(:email)`,
    exportWhere: `"groupId" IN ${ownGroups}`,
    file: 'family.json',
  },

  proposals: { where: '"userId" = :user OR "agentId" = :user', file: 'proposals.json' },
  proposal_items: { where: `"proposalId" IN ${ownProposals}`, file: 'proposals.json' },
  proposal_feedback: { where: `"userId" = :user OR "proposalId" IN ${ownProposals}`, file: 'proposals.json' },
} as const satisfies Record<string, UserDataTable>;

/** Tables that hold nobody's data, each with the reason. */
export const notUserData: Record<string, string> = {
  inspirations: 'the shared catalogue of trip ideas',
  interest_categories: 'the shared catalogue of interest categories',
  exchange_rate_tables: 'published exchange rates',
  leases: 'which server runs a scheduled job',
  __drizzle_migrations: 'the migrations applied',
  sqlite_sequence: "SQLite's counters",
};

/** Full-text indexes kept by triggers from a table above (their rows go with that table's). */
export const searchIndexOf = (table: string): string | undefined =>
  /^(expense_search|travel_search)(_data|_idx|_content|_docsize|_config)?$/.test(table)
    ? table.startsWith('expense')
      ? 'expenses'
      : 'travels'
    : undefined;
