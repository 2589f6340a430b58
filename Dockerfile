# The lab as a container for cluster runs (Kubernetes Indexed Jobs: deploy/k8s/). Its entry point
# is scripts/shard-task.sh: `docker run IMAGE RUN_DIR tournament|run ARGS...` with the shard from
# JOB_COMPLETION_INDEX and NOTHANKS_SHARDS; the merge Job overrides the entry point with
# `node /lab/dist/src/cli/main.js merge ...`.
# Build: docker build -t nothanks-lab .
# Not built or run in the lab's own checks (no container runtime there): see README "Running on a cluster".
# Bot programs (`exec:python3 ...`) need Python; the reference clients (clients/) are what they and
# `--isolate` import. Bubblewrap is left out: it needs user namespaces a cluster rarely grants, and
# without it the lab says once that bot programs run unsandboxed (docs/fair-play.md).
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 && rm -rf /var/lib/apt/lists/*
WORKDIR /lab
COPY package.json package-lock.json ./
# --ignore-scripts: the package's prepare script builds from sources not copied yet (npm ci failed
# on it); the build is the RUN below.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json ./
COPY src ./src
COPY agents ./agents
COPY clients ./clients
COPY experiments ./experiments
COPY scripts ./scripts
RUN npx tsc -p . && npm prune --omit=dev --no-audit --no-fund
ENV NOTHANKS_LAB=/lab
USER node
ENTRYPOINT ["/lab/scripts/shard-task.sh"]
