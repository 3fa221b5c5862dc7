#!/usr/bin/env bash
# Sourced by scripts/test.sh and scripts/tsan.sh: raises this shell's soft limit of open descriptors (which the Swift
# tests inherit) to 8192, or to the hard limit when that is lower. The suites start in parallel: a whole run has
# about 3,100 descriptors open at once in its first minute (the test servers' sockets, SQLite files, child processes'
# pipes), more than a shell's usual soft limit of 1,024, which fails tests with "Too many open files" (EMFILE).
fd_wanted=8192
fd_soft="$(ulimit -Sn)"
fd_hard="$(ulimit -Hn)"
if [[ "$fd_soft" != unlimited && "$fd_soft" -lt "$fd_wanted" ]]; then
    fd_target="$fd_wanted"
    if [[ "$fd_hard" != unlimited && "$fd_hard" -lt "$fd_wanted" ]]; then fd_target="$fd_hard"; fi
    ulimit -Sn "$fd_target" 2>/dev/null || true
fi
fd_now="$(ulimit -Sn)"
echo "open descriptors allowed: $fd_now (was $fd_soft; a whole run needs about 3,200)"
if [[ "$fd_now" != unlimited && "$fd_now" -lt 4096 ]]; then
    echo "warning: the hard limit of open descriptors ($fd_hard) is below 4096: some tests may fail with EMFILE" \
        "(raise it: ulimit -Hn, /etc/security/limits.conf, or the container's --ulimit nofile)"
fi
unset fd_wanted fd_soft fd_hard fd_target fd_now
