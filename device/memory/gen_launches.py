#!/usr/bin/env python3
"""Turns test/fixtures/memory/launches.json into the C++ launch table driver.cu includes."""
import json, sys

table = json.load(open(sys.argv[1]))["launches"]
rows = []
for launch in table:
    g, b = launch["grid"], launch["block"]
    rows.append('  {"%s", (const void*)%s, dim3(%d, %d, %d), dim3(%d, %d, %d), "%s", %d},' % (
        launch["kernel"], launch["kernel"], g[0], g[1], g[2], b[0], b[1], b[2], launch["args"], launch.get("n", 0)))
open(sys.argv[2], "w").write("\n".join(rows) + "\n")
