"""A stand-in Hub engine for dtb-hub's fallback: it writes every line it receives to the
file named by its argument (so a test sees what dtb-hub passed on), and answers as a Hub
engine does: hub with its id, a parameter of its own and one dtb-hub has too (variant),
init with ready, ping with pong, go with an info and done move=31-27 (the first move of
International's start, a move dtb-hub cannot have made from tables of a few pieces),
quit by leaving.  With a second argument "slow", go's answer waits for stop."""

import sys

log = open(sys.argv[1], "a", buffering=1)
slow = len(sys.argv) > 2 and sys.argv[2] == "slow"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def done():
    say('info depth=1 score=0.01 pv="31-27"')
    say("done move=31-27")


for line in sys.stdin:
    line = line.rstrip("\n")
    log.write(line + "\n")
    command = line.split(" ")[0]
    if command == "hub":
        say("id name=standin version=1")
        say("param name=variant value=normal type=enum values=\"normal\"")
        say("param name=standin-depth value=1 type=int min=1 max=9")
        say("wait")
    elif command == "init":
        say("ready")
    elif command == "ping":
        say("pong")
    elif command == "go" and not slow:
        done()
    elif command == "stop" and slow:
        done()
    elif command == "quit":
        break
