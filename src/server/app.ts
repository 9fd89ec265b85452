import Fastify, { LogController, type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { createChangeNotices } from "./db/change-notices";
import { createStorage } from "./storage/create-storage";
import type { ObjectStorage } from "./storage/object-storage";
import { HttpError, installErrorHandling, loggableError, sendError } from "./http/errors";
import { installAfterResponse } from "./http/after-response";
import { responseSerializer } from "./http/contract-schemas";
import { installSecurityHeaders } from "./http/security";
import { createRateCounters, sharedRateLimitStore, type RateCounters } from "./http/rate-limiter";
import "./http/request-user";
import { healthPlugin } from "./features/health/plugin";
import { openApiPlugin } from "./features/openapi/plugin";
import { analyticsPlugin } from "./features/analytics/plugin";
import { blogPlugin } from "./features/blog/plugin";
import { uploadsPlugin } from "./features/uploads/plugin";
import { companionPlugin } from "./features/companion/plugin";
import { createPageCache, pagesPlugin } from "./features/pages/plugin";
import { installNoSharedCookies } from "./http/shared-cache-cookies";
import type { PageMetaResolver, PagePreloadResolver } from "./http/page-resolvers";
import { installOriginCheck } from "./http/origin-check";
import { createMailer, type Mailer } from "./mail/mailer";
import { createSessions, type SessionChange } from "./auth/sessions";
import { createUsersRepository } from "./auth/users-repository";
import { authPlugin } from "./features/auth/plugin";
import { createDragonsRepository } from "./templates/repository";
import { createLibrary } from "./templates/library";
import { dragonsPlugin, samplesSeeded, seedSamples, startLibraryUpkeep } from "./features/dragons/plugin";
import { picturesPlugin } from "./features/pictures/plugin";
import { imageJobsPlugin } from "./features/image-jobs/plugin";
import { createImageGenerator } from "./images/image-generator";
import { createProNews, waitlistPlugin } from "./features/waitlist/plugin";
import { progressPlugin } from "./features/progress/plugin";
import { createFeed, createPostsRepository, postsPlugin, type FeedChange } from "./features/posts/plugin";
import { createBlockSets, type BlockChange } from "./auth/block-sets";
import { blocksPlugin } from "./features/blocks/plugin";
import { createModerationActions, moderationPlugin } from "./features/moderation/plugin";
import { statsPlugin } from "./features/stats/plugin";
import { createAdminUsersRepository, usersPlugin } from "./features/users/plugin";
import { accountPlugin } from "./features/account/plugin";
import { startSweeps } from "./jobs/sweeps";
import { createImageJobs } from "./jobs/image-jobs";
import { aiPictureJob } from "./templates/generated-picture";
import { startNotificationDigests } from "./jobs/notification-digests";
import { startProWaitlistNews } from "./jobs/pro-waitlist-news";
import { createNotifier, notificationsPlugin } from "./features/notifications/plugin";
import { installMetrics, type MetricSources } from "./features/metrics/metrics";
import { registerMetricsRoute } from "./features/metrics/routes";
import { photoQueue } from "./images/photo";

export interface AppDependencies {
  /** An already-open database (tests pass a cloned template); otherwise opened from config. */
  database?: DatabaseHandle;
  storage?: ObjectStorage;
  mailer?: Mailer;
  /** The clock of time-limited links (password resets); tests move it instead of waiting. */
  now?: () => number;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Run the periodic sweeps (decision 021): the serving process does, a first start's child and tests do not. */
  backgroundJobs?: boolean;
  /** Refuse an answer that does not match its declaration instead of trimming it (the tests do). */
  checkResponses?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    storage: ObjectStorage;
    /** The counters every rate limit keeps in the database, shared by all processes. */
    rateCounters: RateCounters;
    /** This process's metrics in Prometheus' text format, when METRICS_TOKEN or METRICS_PORT is set. */
    renderMetrics?: () => Promise<string>;
    /** "METHOD /path" of every route registered, for the tests that must cover them all. */
    registeredRoutes: string[];
  }
}

/** Trust the nearest `count` proxies: the address they report is the client's. */
const trustHops = (count: number) => (_address: string, hop: number) => hop < count;

/** Build the whole app; main.ts listens on it, tests call inject(). */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors logged as `err` go through loggableError: no address, token or query value.
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { err: loggableError },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // Only proxies the operator names may set the client address (X-Forwarded-For). Fastify
    // treats a bare number as "trust nobody", so a hop count becomes proxy-addr's hop function.
    trustProxy: typeof config.TRUST_PROXY === "number" ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Long enough for the slowest upload; idle keep-alive sockets are closed on shutdown.
    requestTimeout: 10 * 60 * 1000,
    return503OnClosing: true,
    // Requests are not logged one by one; errors are, with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: sendError,
  });
  const registeredRoutes: string[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") registeredRoutes.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkResponses: deps.checkResponses ?? false }));
  installErrorHandling(app);

  const database =
    deps.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db` }));
  const storage = deps.storage ?? (await createStorage(config, database.db));
  app.decorate("database", database);
  app.decorate("storage", storage);
  const rateCounters = createRateCounters(database.db);
  // What one server process changes, the others hear of within milliseconds (decision 026).
  const notices = await createChangeNotices(database, app.log);
  app.addHook("onClose", () => notices.close());
  app.decorate("rateCounters", rateCounters);
  app.decorate("pageMetaResolvers", [] as PageMetaResolver[]);
  app.decorate("pagePreloadResolvers", [] as PagePreloadResolver[]);
  // Close what we opened; a handle passed in belongs to the caller.
  if (!deps.database) app.addHook("onClose", () => database.close());
  if (deps.backgroundJobs)
    app.addHook("preClose", startSweeps({ db: database.db, backend: storage.backend, log: app.log }).stop);

  // While shutting down, answers to in-flight requests close their connection, so the process
  // need not wait for keep-alive sockets to time out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  // server.close() closes the connections idle at that instant only. One whose answer was still
  // being sent, its headers saying keep-alive, then stayed open for the keep-alive timeout (72 s)
  // and the close waited for it. Once such an answer has all gone to the client, its connection
  // is ended (calling closeIdleConnections again instead would cut off answers whose last bytes
  // are still queued: Node counts a connection idle once the answer has ended, sent or not).
  app.addHook("onResponse", (request, _reply, done) => {
    if (closing) request.raw.socket?.end();
    done();
  });

  // Metrics, when asked for: the request hook goes on before any route; the caches join below.
  const metricSources: MetricSources = { pool: database.poolStats, caches: {}, imageQueue: photoQueue };
  if (config.METRICS_TOKEN || config.METRICS_PORT)
    app.decorate("renderMetrics", await installMetrics(app, metricSources));

  app.decorateRequest("user", null);
  installSecurityHeaders(app, config);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  installNoSharedCookies(app);
  await app.register(fastifyRateLimit, {
    global: false,
    store: sharedRateLimitStore(rateCounters),
    // Thrown, and answered as every refusal is, in the request's language.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return seconds < 60
        ? new HttpError(
            429,
            /*i18n*/ "Too many requests. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
            { values: { seconds } },
          )
        : new HttpError(
            429,
            /*i18n*/ "Too many requests. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
            { values: { minutes: Math.ceil(seconds / 60) } },
          );
    },
  });

  installOriginCheck(app, config);
  installAfterResponse(app);
  const sessions = createSessions(database.db, config, notices.channel<SessionChange>("sessions"));
  sessions.install(app);
  const users = createUsersRepository(database.db);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  // The bell (decision 029): the feed and moderation tell it what happened; every process keeps unread counts.
  const notifier = createNotifier({
    db: database.db,
    mailer,
    config,
    changes: notices.channel<string[]>("notifications"),
    log: app.log,
    now: deps.now,
  });
  app.decorate("notifier", notifier);
  if (deps.backgroundJobs) app.addHook("preClose", startNotificationDigests({ notifier, log: app.log }).stop);
  await app.register(notificationsPlugin, { notifier });

  await app.register(authPlugin, { config, users, sessions, mailer, unreadCount: notifier.unreadCount });
  // Rendered public pages show the library and the blog: a change to either, made through any
  // server process, renders them again.
  const pageCache = createPageCache();
  const libraryChanges = notices.channel<null>("library");
  const blogChanges = notices.channel<null>("blog");
  libraryChanges.on(pageCache.clear);
  blogChanges.on(pageCache.clear);
  const library = createLibrary(createDragonsRepository(database.db), storage, libraryChanges);
  // Image work waits its turn in the database's job queue (decision 034); features define their kinds.
  // A job running past its expiry is taken as lost and run again: an AI picture's must outlast its
  // wait for the images service (IMAGE_TIMEOUT_MS), or the service is asked, and paid, again.
  const expireSeconds = Math.max(300, Math.ceil(config.IMAGE_TIMEOUT_MS / 1000) + 120);
  const imageJobs = createImageJobs(
    database,
    { perProcess: config.IMAGE_JOBS_PER_PROCESS, perMember: config.IMAGE_JOBS_PER_MEMBER, expireSeconds },
    app.log,
  );
  app.addHook("onReady", imageJobs.start);
  app.addHook("preClose", imageJobs.stop);
  await app.register(imageJobsPlugin, { imageJobs });
  const aiPicture = aiPictureJob(imageJobs, createImageGenerator(config), storage);
  await app.register(dragonsPlugin, { library, storage, aiPicture, imageJobs });
  await app.register(picturesPlugin, {
    library,
    storage,
    aiPicture,
    rateCounters,
    aiPerDay: config.PRO_AI_PER_DAY,
    imageJobs,
  });
  await app.register(waitlistPlugin, { db: database.db, mailer, config });
  // The waitlist hears once that Pro is theirs (decision 031): on a grant, and from a job with PRO on.
  const proNews = createProNews({ db: database.db, mailer, config, log: app.log, now: deps.now });
  if (deps.backgroundJobs && config.PRO !== "off")
    app.addHook("preClose", startProWaitlistNews({ news: proNews, log: app.log }).stop);
  await app.register(progressPlugin, { db: database.db, storage });
  // Blocks, reports and the moderation queue (decision 029) shape what the feed shows.
  const blockSets = createBlockSets(database.db, notices.channel<BlockChange>("blocks"));
  const feed = createFeed(
    createPostsRepository(database.db),
    storage,
    rateCounters,
    notices.channel<FeedChange>("feed"),
    { blockSets, notifications: notifier, log: app.log, imageJobs },
  );
  const moderation = createModerationActions(database.db, { feed, sessions, notifications: notifier });
  await app.register(postsPlugin, {
    feed,
    approve: (postId, admin) => moderation.act(admin, { action: "approve", postId }),
  });
  await app.register(blocksPlugin, { db: database.db, blockSets });
  await app.register(moderationPlugin, {
    db: database.db,
    feed,
    blockSets,
    counters: rateCounters,
    actions: moderation,
  });
  // A changed name or picture, or a deleted account, shows in the feed at once.
  await app.register(accountPlugin, {
    config,
    db: database.db,
    users,
    sessions,
    mailer,
    storage,
    onPublicProfileChange: feed.invalidate,
    now: deps.now ?? Date.now,
    unreadCount: notifier.unreadCount,
  });
  await app.register(healthPlugin, { db: database.db, database: database.kind, storage });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(analyticsPlugin, { db: database.db });
  await app.register(statsPlugin, { db: database.db });
  await app.register(usersPlugin, {
    adminUsers: createAdminUsersRepository(database.db, config.PRO),
    sessions,
    onProGranted: proNews.tellAddress,
  });
  await app.register(blogPlugin, {
    db: database.db,
    origin: config.publicUrl,
    listDragons: library.list,
    changes: blogChanges,
  });
  await app.register(uploadsPlugin, { storage });
  await app.register(companionPlugin, { config, storage, sessions });
  await app.register(pagesPlugin, { config, pageCache });
  metricSources.caches = {
    pages: pageCache.stats,
    feed: feed.cacheStats,
    sessions: sessions.stats,
    notifications: notifier.cacheStats,
  };
  if (config.METRICS_TOKEN && app.renderMetrics) registerMetricsRoute(app, config.METRICS_TOKEN, app.renderMetrics);
  // A first start loads the first bundled samples before it answers; the others come in the background.
  if (config.SEED_SAMPLES && !(await samplesSeeded(database.db)))
    await seedSamples(database.db, library, config.SAMPLES_DIR, app.log, { firstBatchOnly: true });
  if (deps.backgroundJobs) {
    const upkeep = startLibraryUpkeep({
      db: database.db,
      library,
      samplesDir: config.SEED_SAMPLES ? config.SAMPLES_DIR : null,
      log: app.log,
    });
    app.addHook("preClose", upkeep.stop);
  }
  return app;
}
