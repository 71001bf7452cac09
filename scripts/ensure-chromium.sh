#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright cannot download its own browser on
# these machines). Installs it when missing; needs root or passwordless sudo.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
echo "Chromium not found at $chromium_path: installing Debian's chromium package…"
if [ "$(id -u)" -eq 0 ]; then sudo_cmd=""; else sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends chromium >/dev/null
"$chromium_path" --version 2>/dev/null | grep -v 'unexpected operator' || true
