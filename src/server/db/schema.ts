import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from "drizzle-orm/pg-core";
import type { Locale } from "../../shared/i18n/locales";

// One schema for the whole product (docs/spec.md §3). Timestamps are timestamptz; ids are UUIDs
// except for append-only logs. Cascades follow ownership: deleting a user removes what only they own.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    emailVerified: boolean("email_verified").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    googleSubject: text("google_subject"),
    /** Moderation (decision 029): until when the person may not post, comment, like or report. */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** Set when banned: the same limits, with no end. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    /** Why the current suspension or ban was given; the person sees it. */
    sanctionReason: text("sanction_reason"),
    /** Notification kinds the person asked not to get by e-mail (profile switches, one-click unsubscribe). */
    mutedEmailKinds: text("muted_email_kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Pro given by an admin (decision 031); counts only when the PRO setting is `granted`. */
    proGranted: boolean("pro_granted").notNull().default(false),
    /**
     * When ADMIN_EMAILS was applied to this account: at its first verified sign-in while listed
     * (made admin then, unless banned). From then on only admins change its role (issue 41).
     */
    adminListAppliedAt: timestamp("admin_list_applied_at", { withTimezone: true }),
    /**
     * The language the person chose (a code of LOCALE_CODES; the routes and sign-ins store nothing
     * else), so it follows them to every device; null until they choose one.
     */
    language: text("language").$type<Locale>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_subject_key").on(t.googleSubject),
    index("users_created_at_idx").on(t.createdAt),
    // The admin list's search (decision 030): trigrams of the names and e-mail in one lower-case
    // text, so "contains" (LIKE '%…%') is an index scan. The query writes the same expression.
    index("users_search_trgm_idx").using(
      "gin",
      sql`(lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email})) gin_trgm_ops`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_id_idx").on(t.userId)],
);

/** Forgotten-password links (decision 015): hashed, single use, one live token per user. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** Who owns an uploaded object and whether anyone may read it. Storage backends hold only bytes. */
export const storedObjects = pgTable(
  "stored_objects",
  {
    key: text("key").primaryKey(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    isPublic: boolean("is_public").notNull().default(false),
    /** Its bytes passed set-acl's checks (size, an image by its first bytes): a feature may take it in. */
    checked: boolean("checked").notNull().default(false),
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("stored_objects_owner_id_idx").on(t.ownerId)],
);

export const dragons = pgTable(
  "dragons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Storage keys; the API turns them into /objects/... URLs. */
    previewKey: text("preview_key").notNull(),
    previewSmallKey: text("preview_small_key"),
    hiresKey: text("hires_key").notNull(),
    pencilPreviewKey: text("pencil_preview_key"),
    pencilHiresKey: text("pencil_hires_key"),
    /** The outline version's (decision 073); null until drawn (templates added before outlines were). */
    outlinePreviewKey: text("outline_preview_key"),
    outlineHiresKey: text("outline_hires_key"),
    width: integer("width"),
    height: integer("height"),
    /** How much there is to draw, 1–5, measured from the picture (decision 072); null until measured. */
    measuredLevel: smallint("measured_level"),
    /** An admin's choice of level, over the measured one; null: the measured one stands. */
    chosenLevel: smallint("chosen_level"),
    /** Who made the picture and under which licence, shown on its page (the bundled samples'). */
    attribution: text("attribution"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** A Pro member's private picture (decision 031): only this person sees it. Null: the public library. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("dragons_created_at_idx").on(t.createdAt), index("dragons_owner_id_idx").on(t.ownerId, t.createdAt)],
);

export const worksInProgress = pgTable(
  "works_in_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dragonId: uuid("dragon_id")
      .notNull()
      .references(() => dragons.id, { onDelete: "cascade" }),
    paperWidth: doublePrecision("paper_width").notNull(),
    paperHeight: doublePrecision("paper_height").notNull(),
    gridSize: doublePrecision("grid_size").notNull(),
    imageZoom: doublePrecision("image_zoom").notNull(),
    imageX: doublePrecision("image_x").notNull(),
    imageY: doublePrecision("image_y").notNull(),
    currentCell: text("current_cell"),
    // Learner tools (decision 013). Rows saved before them take these defaults: inches, no preset
    // named (custom), nothing done, the spec's grid look and the picture in colour.
    paperPreset: text("paper_preset"),
    unit: text("unit").notNull().default("in"),
    doneCells: text("done_cells")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gridColor: text("grid_color").notNull().default("dark"),
    gridThickness: doublePrecision("grid_thickness").notNull().default(1),
    gridOpacity: doublePrecision("grid_opacity").notNull().default(1),
    diagonals: boolean("diagonals").notNull().default(false),
    /** Which grid lines are drawn, the grid ladder's step with `diagonals` (decision 074). */
    gridLines: text("grid_lines").notNull().default("full"),
    imageMode: text("image_mode").notNull().default("color"),
    /** How much of the outline view shows, 1–3 (decision 073). */
    outlineDetail: smallint("outline_detail").notNull().default(2),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dragonId] }), index("works_in_progress_dragon_id_idx").on(t.dragonId)],
);

/** Drawing checks kept with a learner's progress (decision 028): each cell's verdict, never the photo. */
export const drawingChecks = pgTable(
  "drawing_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dragonId: uuid("dragon_id")
      .notNull()
      .references(() => dragons.id, { onDelete: "cascade" }),
    columns: integer("columns").notNull(),
    rows: integer("rows").notNull(),
    /** [{ label, status, errorMm }] in reading order, as shared/drawing-check/kept-checks.ts validates them. */
    cells: jsonb("cells").notNull(),
    /** { sizePercent, turnDegrees, shiftMm, partPercent?, stretchPercent? }: the whole drawing against the template (decisions 061, 064, 065); null before it was measured. */
    whole: jsonb("whole"),
    /** { cells: [{ label, status, errorMm }], practisedAt }: the latest photo of the practice sheet made from this check (decision 067); null before one. */
    practice: jsonb("practice"),
    /** The photo the learner chose to keep with the check: their own upload, claimed for it (private). */
    photoKey: text("photo_key"),
    /** The grid ladder's step the drawing was made at, 1–5 (decision 074); null for checks kept before it was recorded. */
    ladderStep: smallint("ladder_step"),
    createdAt: createdAt(),
  },
  (t) => [
    index("drawing_checks_user_dragon_idx").on(t.userId, t.dragonId, t.createdAt),
    index("drawing_checks_dragon_id_idx").on(t.dragonId),
    uniqueIndex("drawing_checks_photo_key_idx").on(t.photoKey),
  ],
);

/** Days a learner practised for real, a cell marked done or a check kept, in their time zone: the weekly goal's count (decision 075). */
export const practiceDays = pgTable(
  "practice_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A learner's weekly goal, days of practice a week, and the time zone their days are counted in (decision 075). */
export const learnerGoals = pgTable("learner_goals", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  weeklyGoal: smallint("weekly_goal"),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: updatedAt(),
});

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dragonId: uuid("dragon_id").references(() => dragons.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    approved: boolean("approved").notNull().default(false),
    /** Set when an admin rejected the post (it stays unapproved); the author sees the reason. */
    rejectedReason: text("rejected_reason"),
    /** Set while an admin hides the post: kept, shown to nobody but its author (with the reason) and admins. */
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // Feed order: newest first with the id breaking ties, which is also the keyset of `?before=`;
    // non-admins read only approved posts, admins all, a profile only its own. Ascending on
    // purpose: read backwards, they give exactly ORDER BY created_at DESC, id DESC.
    index("posts_approved_created_at_idx").on(t.approved, t.createdAt, t.id),
    index("posts_created_at_idx").on(t.createdAt, t.id),
    index("posts_user_id_idx").on(t.userId, t.createdAt, t.id),
  ],
);

export const postImages = pgTable(
  "post_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The original upload: private to its owner once posted, never served in the feed. */
    objectKey: text("object_key").notNull(),
    /** What the feed serves: WebP, upright, no metadata; private until the post is approved. */
    displayKey: text("display_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    /** Of the display version. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull(),
  },
  // object_key: set-acl asks whether a post holds an upload.
  (t) => [
    uniqueIndex("post_images_post_position_key").on(t.postId, t.position),
    index("post_images_object_key_idx").on(t.objectKey),
  ],
);

export const likes = pgTable(
  "likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("likes_user_id_idx").on(t.userId)],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** Set while an admin hides the comment: shown to nobody but its author and admins. */
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_post_id_created_at_idx").on(t.postId, t.createdAt),
    index("comments_user_id_idx").on(t.userId),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    featuredImageUrl: text("featured_image_url"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The language the post is written in (a code of LOCALE_CODES), set by the admin; English before issue 44. */
    language: text("language").$type<Locale>().notNull().default("en"),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_published_at_idx").on(t.published, t.publishedAt.desc()),
  ],
);

export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** When the person was told by e-mail that Pro is theirs (once; decision 031). */
    toldAt: timestamp("told_at", { withTimezone: true }),
    /** When the address's owner confirmed it (the link in the confirmation e-mail, or signed in as its owner); only confirmed addresses are ever told. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The hash of the confirmation link's token last sent, and when it went (one a day at most). */
    confirmTokenHash: text("confirm_token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    /** The language of the page the address was given on: its e-mails are written in it. Null: English. */
    language: text("language").$type<Locale>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_email_lower_key").on(sql`lower(${t.email})`),
    index("waitlist_created_at_idx").on(t.createdAt),
    uniqueIndex("waitlist_confirm_token_hash_key").on(t.confirmTokenHash),
  ],
);

/**
 * One row per page a person saw. Nothing says who they are: no user id, address or user agent,
 * only a visitor hash that changes every day (decision 012).
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    referrer: text("referrer"),
    /** Hash of the day's salt, the address and the user agent; null for views collected before it existed. */
    visitorHash: text("visitor_hash"),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt), index("page_views_path_idx").on(t.path)],
);

/**
 * Page views and unique visitors of each finished UTC day, in total ("total", name ""), per page
 * ("page", the path) and per referring site ("referrer", its host name): the dashboard reads these
 * instead of counting old page views again. Exact because visitor hashes change every day, so a
 * day's unique visitors add up across days. Written once per day, after it ended (decision 012).
 */
export const pageViewRollups = pgTable(
  "page_view_rollups",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["total", "page", "referrer"] }).notNull(),
    name: text("name").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.name] })],
);

/** The random salt of each UTC day's visitor hashes; a day's row is deleted once the day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/** One-off facts about this installation, e.g. that the sample templates were loaded once. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every rate limit's counters, one row per limited thing (an address on a route, an e-mail's
 * sign-ins, a member's uploads of the day), so a limit holds across server processes and restarts
 * (decision 026). The key is a SHA-256 of what is counted: no e-mail or address is stored here.
 * Expired rows are swept (jobs/sweeps.ts).
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_resets_at_idx").on(t.resetsAt)],
);

/**
 * A member's report of a post or of a comment (then post_id is the comment's post), once per
 * reporter and thing. Resolved when an admin acts on the thing or dismisses its reports.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["spam", "offensive", "not-a-drawing", "other"] }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What came of it: the thing was acted on, or the reports were dismissed. */
    resolution: text("resolution", { enum: ["actioned", "dismissed"] }),
  },
  (t) => [
    uniqueIndex("reports_reporter_post_key")
      .on(t.reporterId, t.postId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex("reports_reporter_comment_key")
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    index("reports_open_idx")
      .on(t.postId, t.commentId)
      .where(sql`${t.resolvedAt} is null`),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
    index("reports_comment_idx").on(t.commentId),
  ],
);

/**
 * Every moderation action: who, what, to whom, when, why. Append-only: a trigger (migration 0008)
 * refuses deletes and any change but the database's own setting of a deleted account's id to null,
 * so the entry outlives the accounts it names (shown as a placeholder then).
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when they acted, written by the database on insert (migration 0012), so it outlives their account. */
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The post or comment acted on; no foreign key, so the entry stays when they are deleted. */
    postId: uuid("post_id"),
    commentId: uuid("comment_id"),
    reason: text("reason").notNull().default(""),
    /** What else the entry needs: a suspension's length, the first words of a deleted comment. */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_created_at_idx").on(t.createdAt, t.id),
    index("moderation_log_actor_idx").on(t.actorId),
    index("moderation_log_target_idx").on(t.targetUserId),
  ],
);

/** One member blocking another: neither sees the other's posts, comments or likes; private to the blocker. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/**
 * What the bell lists. Likes of one post group into one unread row (count grows, actor is the
 * latest liker) until it is read. `emailed_at` is set once the row went out by e-mail, alone or
 * in an hourly digest.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["approved", "rejected", "comment", "reply", "like", "moderation"] }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** A rejection's or moderation decision's reason, or what the decision was. */
    reason: text("reason").notNull().default(""),
    count: integer("count").notNull().default(1),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_unread_like_key")
      .on(t.userId, t.postId)
      .where(sql`${t.kind} = 'like' and ${t.readAt} is null`),
    index("notifications_unsent_idx")
      .on(t.kind, t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    index("notifications_post_idx").on(t.postId),
    index("notifications_comment_idx").on(t.commentId),
    index("notifications_actor_idx").on(t.actorId),
  ],
);

/** When a person was last e-mailed about each kind: at most one e-mail per kind per hour. */
export const emailSends = pgTable(
  "email_sends",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
