# Checks shared by the shell tests: each prints "ok   WHAT" or "FAIL WHAT ..." and sets
# FAILED=1 on a failure.
FAILED=0

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
