#!/bin/sh
# The first step of `make test`, before anything is built: the integration
# tests need bats-core. Where it is missing, root on a Debian or Ubuntu
# machine gets it from apt-get (as .ci/run does); anyone else is stopped
# at once with the command to run. KS_NO_INSTALL=1 never installs.
command -v bats >/dev/null 2>&1 && exit 0
if [ -z "$KS_NO_INSTALL" ] && [ "$(id -u 2>/dev/null)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "make test: bats (bats-core) not found; installing it: apt-get install -y bats"
    if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bats >/dev/null &&
        command -v bats >/dev/null 2>&1; then
        exit 0
    fi
    echo "make test: apt-get could not install bats"
fi
echo "make test needs bats (bats-core) for its integration tests, and it is not installed."
echo "Install it, then run make test again:"
echo "    sudo apt-get install bats        # Debian, Ubuntu"
echo "(elsewhere: the package bats-core, or https://github.com/bats-core/bats-core)"
exit 1
