# The lab as a container for cluster runs (Kubernetes Indexed Jobs: deploy/k8s/). Its entry point
# is scripts/shard-task.sh: `docker run IMAGE RUN_DIR tournament|run ARGS...` with the shard from
# JOB_COMPLETION_INDEX and NOTHANKS_SHARDS; the merge Job overrides the entry point with
# `node /lab/dist/src/cli/main.js merge ...`.
# Build: docker build -t nothanks-lab .
# Not built or run in the lab's own checks (no container runtime there): see README "Running on a cluster".
FROM node:20-bookworm-slim
WORKDIR /lab
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY agents ./agents
COPY experiments ./experiments
COPY scripts ./scripts
RUN npx tsc -p . && npm prune --omit=dev --no-audit --no-fund
ENV NOTHANKS_LAB=/lab
USER node
ENTRYPOINT ["/lab/scripts/shard-task.sh"]
