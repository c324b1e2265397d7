#!/usr/bin/env python3
"""Checks that every target's declared dependencies are exactly the modules its files import.

Reads the package through `swift package dump-package`; system modules (Foundation, Testing, …)
are not targets and are ignored. Prints each difference and exits 1 when there is one.
"""
import json
import os
import re
import subprocess
import sys

SYSTEM = {"Foundation", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "Testing", "XCTest",
          "PackagePlugin", "PackageDescription", "Synchronization"}
IMPORT = re.compile(r"^\s*(?:@testable\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?(\w+)", re.M)

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True,
                                    text=True).stdout)
names = {target["name"] for target in package["targets"]}
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "plugin"):
        continue
    folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    imported = set()
    for root, _, files in os.walk(folder):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(root, file), encoding="utf-8") as source:
                    imported |= set(IMPORT.findall(source.read()))
    imported = {module for module in imported if module not in SYSTEM and module in names}
    declared = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    # A test target may depend on an executable it runs as a process without importing it.
    executables = {t["name"] for t in package["targets"] if t["type"] == "executable"}
    missing = imported - declared
    unused = declared - imported - (executables if target["type"] == "test" else set())
    for module in sorted(missing):
        problems.append(f"{target['name']} imports {module} without declaring it")
    for module in sorted(unused):
        problems.append(f"{target['name']} declares {module} but does not import it")
# The native client's tests see what a client sees: the public API, never @testable.
for root, _, files in os.walk("Tests/NativeClientTests"):
    for file in files:
        with open(os.path.join(root, file), encoding="utf-8") as source:
            if re.search(r"^\s*@testable\s+import", source.read(), re.M):
                problems.append(f"Tests/NativeClientTests/{file} uses @testable: a native client cannot")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
