# Checks shared by the shell tests: each prints "ok   WHAT" or "FAIL WHAT ..." and sets
# FAILED=1 on a failure.
FAILED=0

# The test's folder, WORK (set before sourcing this): fresh_work starts it empty; finish
# removes it when every check passed (a failure's files stay to be looked at) and exits
# with the test's status.
fresh_work() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
}
finish() {
    [ "$FAILED" = 0 ] && rm -rf "$WORK"
    exit "$FAILED"
}

# gen_tables ARGS...: builds tables with dtb-gen (GEN) and ARGS; a test cannot go on
# without them, so a failure shows dtb-gen's output and ends it.
gen_tables() {
    "$GEN" "$@" >"$WORK/gen.log" 2>&1 || {
        cat "$WORK/gen.log"
        echo "FAIL dtb-gen $*"
        exit 1
    }
}

# expect_same WHAT EXPECTED_FILE ACTUAL_FILE
expect_same() {
    if cmp -s "$2" "$3"; then
        echo "ok   $1"
    else
        echo "FAIL $1"
        diff "$2" "$3"
        FAILED=1
    fi
}

# expect_match WHAT PATTERN FILE: some line of FILE matches the extended regex PATTERN.
expect_match() {
    if grep -Eq -- "$2" "$3"; then
        echo "ok   $1"
    else
        echo "FAIL $1: no line matches '$2' in:"
        cat "$3"
        FAILED=1
    fi
}

# expect_status WHAT WANT GOT
expect_status() {
    if [ "$2" = "$3" ]; then
        echo "ok   $1 (exit $3)"
    else
        echo "FAIL $1: exit $3, expected $2"
        FAILED=1
    fi
}

# expect_line WHAT LINE FILE: FILE has exactly this line (no patterns: FENs hold ':' and ',').
expect_line() {
    if grep -Fqx -- "$2" "$3"; then
        echo "ok   $1"
    else
        echo "FAIL $1: no line '$2' in:"
        cat "$3"
        FAILED=1
    fi
}
