#!/usr/bin/env bash
# Builds the simavr harness and fetches the genuine StandardFirmata for the Uno, both into
# firmware-sim/avr/.cache (gitignored). The hex is not ours to commit: it comes from the npm
# package avrgirl-arduino@5.0.1 (MIT), fetched with `npm pack` (no install: one of its
# dependencies is a git URL). Needs gcc, libsimavr-dev and libelf-dev (Debian's simavr 1.6).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .cache
if [ ! -f .cache/StandardFirmata.cpp.hex ]; then
  (cd .cache && npm pack --silent avrgirl-arduino@5.0.1 >/dev/null &&
    tar xzf avrgirl-arduino-5.0.1.tgz package/junk/hex/uno/StandardFirmata.cpp.hex &&
    mv package/junk/hex/uno/StandardFirmata.cpp.hex . && rm -rf package avrgirl-arduino-5.0.1.tgz)
fi
if [ ! -x .cache/uno-harness ] || [ uno-harness.c -nt .cache/uno-harness ]; then
  gcc -O2 -Wall -Wextra -std=gnu11 -I/usr/include/simavr -o .cache/uno-harness uno-harness.c -lsimavr -lelf
fi
