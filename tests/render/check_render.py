#!/usr/bin/env python3
# Render check: a picture of `schedcheck render` is well-formed XML and draws each transfer of its steps exactly once.
#
# usage: check_render.py PICTURE SCHEDULE STEP [ERROR_LINE,...]
#   STEP is a step number, "all", or "flit" (a flit schedule: every transfer);
#   each ERROR_LINE must be drawn as a transfer in error (class "error").
import collections
import sys
import xml.etree.ElementTree as ET

HEADER = ("schedcheck", "topology", "model", "collective", "cost", "claim")


def transfer_lines(schedule, step):
    """The line numbers of the transfers the picture must draw, from the schedule's text."""
    lines, current = [], 0
    with open(schedule, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            words = text.split("#", 1)[0].split()
            if not words or words[0] in HEADER:
                continue
            if words[0] == "step":
                current += 1
                continue
            if step in ("all", "flit") or int(step) == current:
                lines.append(number)
    return lines


def main():
    picture, schedule, step = sys.argv[1:4]
    errors = [int(x) for x in sys.argv[4].split(",")] if len(sys.argv) > 4 and sys.argv[4] else []
    try:
        root = ET.parse(picture).getroot()
    except ET.ParseError as e:
        sys.exit(f"{picture}: not well-formed XML: {e}")
    drawn = collections.Counter()
    in_error = set()
    for element in root.iter():
        classes = element.get("class", "").split()
        if "transfer" in classes:
            line = int(element.get("data-line"))
            drawn[line] += 1
            if "error" in classes:
                in_error.add(line)
    expected = collections.Counter(transfer_lines(schedule, step))
    if drawn != expected:
        missing = sorted((expected - drawn).elements())
        extra = sorted((drawn - expected).elements())
        sys.exit(f"{picture}: transfers drawn differ from {schedule} step {step}: missing lines {missing}, "
                 f"extra or repeated lines {extra}")
    for line in errors:
        if line not in in_error:
            sys.exit(f"{picture}: line {line} is not drawn in error")
    print(f"ok {picture}: {sum(drawn.values())} transfers, {len(in_error)} in error")


main()
