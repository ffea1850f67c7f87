import Fastify, { type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { PublicConfig } from '@common/schemas/auth';
import { createRateLimitKey, isRateLimited } from './http/rate-limit-key';
import type { TokenVerifier } from './auth/token-verifier';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { EngineRegistry } from './engines/mode-runner';
import { createAuthenticator } from './http/authenticate';
import { serveClient } from './http/client-files';
import { addSecurityHeaders } from './http/security-headers';
import { OPENAPI_INFO, serveOpenApi } from './http/openapi';
import { installErrorHandler } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { refuseNulText } from './http/no-nul-text';
import type { App } from './http/types';
import type { Queue } from './jobs/queue';
import type { Clock } from './lib/clock';
import { createKeyedLock } from './lib/keyed-lock';
import type { Logger } from './lib/logger';
import { createHealthRepository } from './repositories/health.repository';
import { createDataStore } from './repositories/repositories';
import { createStripeGateway } from './repositories/stripe.gateway';
import { apiKeysRoutes } from './routes/api-keys.routes';
import { authRoutes } from './routes/auth.routes';
import { batchRoutes } from './routes/batch.routes';
import { billingRoutes } from './routes/billing.routes';
import { configRoutes } from './routes/config.routes';
import { contactRoutes } from './routes/contact.routes';
import { healthRoutes } from './routes/health.routes';
import { historyRoutes } from './routes/history.routes';
import { imagesRoutes } from './routes/images.routes';
import { processRoutes } from './routes/process.routes';
import { v1Routes } from './routes/v1.routes';
import { createApiKeysService } from './services/api-keys.service';
import { createAuthService } from './services/auth.service';
import { createBatchService } from './services/batch.service';
import { createBillingWebhookService } from './services/billing-webhook.service';
import { createCheckoutService } from './services/checkout.service';
import { createContactService } from './services/contact.service';
import { createCreditsService } from './services/credits.service';
import { createHistoryService } from './services/history.service';
import { createImagesService } from './services/images.service';
import { createOneCallEdit } from './services/one-call-edit';
import { createWatermarkDetectionService } from './services/watermark-detection.service';
import { createSelectionService } from './services/selection.service';
import { createPeopleDetectionService } from './services/people-detection.service';
import type { TapSelector } from './models/sam';
import { createEditSettlement } from './edit/settle';
import { createEditSubmission } from './edit/submit';
import { createEditJob, createProcessingService, type ProcessingService } from './edit/processing';
import { createResultsArchive } from './services/results-archive';
import { createRetentionService, type RetentionService } from './services/retention.service';
import type { Storage } from './storage/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  verifier: TokenVerifier;
  clock: Clock;
  logger: Logger;
  /** URL of the Auth emulator the client should use, when it runs. */
  authEmulatorUrl: string | null;
  storage: Storage;
  queue: Queue;
  engines: EngineRegistry;
  /** Tap to select; without it the call answers 501 (a pool of its own: see models/sam/index.ts). */
  selector?: TapSelector;
  /** Run queued jobs in this process (false leaves them to separate workers on the shared queue). */
  runJobsHere?: boolean;
  /** Per provider; the chain moves on after it. */
  providerTimeoutMs?: number;
  /** Folder of the built client, served when it exists. */
  clientDir?: string;
}

export type BuiltApp = App & { processing: ProcessingService; retention: RetentionService };

/** The composition root: the only place that wires implementations together. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database, clock } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once closing, answers under way ask the client to close its connection: an idle keep-alive connection would
  // otherwise hold the shutdown for Fastify's keep-alive timeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  installErrorHandler(app);
  refuseNulText(app);
  serveOpenApi(app, OPENAPI_INFO);

  const data = createDataStore(database.db);
  const auth = createAuthService({
    verifier: deps.verifier,
    users: data.users,
    sessions: data.sessions,
    clock,
  });
  const apiKeys = createApiKeysService({ keys: data.apiKeys, users: data.users, clock });
  const authenticator = createAuthenticator(auth, apiKeys);

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 8, fieldSize: 1024 },
  });
  await app.register(rateLimit, {
    max: 300,
    timeWindow: '1 minute',
    keyGenerator: createRateLimitKey(authenticator.verifiedUser),
    allowList: (request) => !isRateLimited(request.url),
  });
  addSecurityHeaders(app, {
    // The sign-in popup must keep its opener: same-origin would break it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: { directives: contentSecurityPolicy(deps.authEmulatorUrl) },
  });

  const paymentsEnabled = config.stripe !== null;
  const publicConfig: PublicConfig = {
    firebase: config.firebase ?? {
      apiKey: 'demo-key',
      authDomain: `${config.emulator!.projectId}.firebaseapp.com`,
      projectId: config.emulator!.projectId,
    },
    authEmulatorUrl: deps.authEmulatorUrl,
    contactEmail: config.env.CONTACT_EMAIL,
    paymentsEnabled,
  };

  const health = createHealthRepository(database.db);
  healthRoutes(app, {
    checks: {
      database: health.pingDatabase,
      storage: deps.storage.ping,
      ...(deps.queue.ping ? { redis: deps.queue.ping } : {}),
    },
  });
  configRoutes(app, { publicConfig });
  authRoutes(app, { auth, authenticator, clock });
  contactRoutes(app, {
    contact: createContactService({ messages: data.contactMessages }),
    authenticator,
  });
  const stripe = config.stripe ? createStripeGateway(config.stripe) : null;
  billingRoutes(app, {
    authenticator,
    checkout: createCheckoutService({
      users: data.users,
      gateway: stripe,
      prices: config.stripe?.prices ?? null,
      siteUrl: config.siteUrl,
      lock: createKeyedLock(),
    }),
    webhooks:
      stripe && config.stripe
        ? createBillingWebhookService({
            data,
            gateway: stripe,
            prices: config.stripe.prices,
            clock,
            log: deps.logger,
          })
        : null,
  });

  const images = createImagesService({ images: data.images, storage: deps.storage });
  const credits = createCreditsService({ clock });
  const settlement = createEditSettlement({ data, storage: deps.storage, credits, clock, log: deps.logger });
  const processing = createProcessingService({
    submission: createEditSubmission({ data, storage: deps.storage, engines: deps.engines, credits }),
    settlement,
    queue: deps.queue,
    engines: deps.engines,
  });
  if (deps.runJobsHere ?? true) {
    const run = {
      storage: deps.storage,
      engines: deps.engines,
      log: deps.logger,
      providerTimeoutMs: deps.providerTimeoutMs ?? 120_000,
    };
    deps.queue.process({ 'process-image': createEditJob({ run, settlement }) });
  }
  const watermarks = createWatermarkDetectionService({
    images,
    findMask: deps.engines['watermark-removal']?.findMask,
  });
  const people = createPeopleDetectionService({
    images,
    findPeople: deps.engines['professional-photo']?.findPeople,
  });
  const selection = createSelectionService({ images, selector: deps.selector, log: deps.logger });
  imagesRoutes(app, { images, watermarks, people, selection, authenticator });
  processRoutes(app, { processing, images, authenticator, clock });
  const { storage, logger: log } = deps;
  apiKeysRoutes(app, { apiKeys, authenticator });
  v1Routes(app, {
    oneCallEdit: createOneCallEdit({ images, processing, data, storage, clock, log }),
    authenticator,
  });
  batchRoutes(app, {
    batches: createBatchService({ data, credits, processing, clock, log, storage, engines: deps.engines }),
    authenticator,
  });
  historyRoutes(app, {
    history: createHistoryService({ images: data.images, imageFiles: images, storage }),
    archive: createResultsArchive({ images: data.images, storage, log }),
    authenticator,
  });
  app.addHook('onClose', async () => {
    settlement.close();
    await deps.queue.close();
  });

  if (deps.clientDir) await serveClient(app, deps.clientDir);
  const retention = createRetentionService({ data, storage, clock, log });
  return Object.assign(app, { processing, retention });
}

function contentSecurityPolicy(emulatorUrl: string | null) {
  const firebase = ['https://*.googleapis.com', 'https://*.firebaseapp.com', 'https://apis.google.com'];
  const emulator = emulatorUrl ? [emulatorUrl] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://apis.google.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...firebase, 'https://securetoken.googleapis.com', ...emulator],
    frameSrc: ["'self'", 'https://*.firebaseapp.com', 'https://accounts.google.com', ...emulator],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", 'https://checkout.stripe.com'],
    upgradeInsecureRequests: null,
  };
}
