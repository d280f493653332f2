#!/bin/sh
# The topology of docker-compose.yml without Docker: two bin/sorteio on one
# PostgreSQL schema behind Caddy, run with deploy/Caddyfile (its addresses
# made local). Viewers connect through Caddy to /ws/public, spread over both
# instances; the draw is pushed through Caddy to one of them, and every viewer
# must receive it. Skipped when caddy or TEST_DATABASE_URL is missing.
# Usage (from the repository's root): make check-proxy, or deploy/proxy-check.sh
set -eu
if ! command -v caddy >/dev/null 2>&1; then
	echo "proxy-check: caddy não está no PATH; verificação pulada"
	exit 0
fi
if [ -z "${TEST_DATABASE_URL:-}" ]; then
	echo "proxy-check: TEST_DATABASE_URL vazio; verificação pulada"
	exit 0
fi
[ -x bin/sorteio ] || make build
exec go run ./server/cmd/loadviewers -server bin/sorteio -proxy deploy/Caddyfile -viewers "${VIEWERS:-1000}"
