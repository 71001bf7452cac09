#!/usr/bin/env bash
# Browser tests and the bench use Debian's Chromium (Playwright cannot download its own browser
# on these machines). Installs what is missing; needs root or passwordless sudo.
#   bash scripts/ensure-chromium.sh           the headless shell the browser tests drive
#                                             (about 40 % less CPU per test than the full browser)
#   bash scripts/ensure-chromium.sh --full    also the full browser, which Lighthouse (pnpm bench) and the
#                                             installability test (it runs Chrome's own check) need
set -euo pipefail
shell_path="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
packages=()
[ -x "$shell_path" ] || packages+=(chromium-headless-shell)
if [ "${1:-}" = "--full" ] && [ ! -x /usr/bin/chromium ]; then packages+=(chromium); fi
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian's ${packages[*]}…"
if [ "$(id -u)" -eq 0 ]; then sudo_cmd=""; else sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
