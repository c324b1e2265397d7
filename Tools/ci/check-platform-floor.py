#!/usr/bin/env python3
"""Checks that the code keeps to the platform floor Package.swift promises (iOS 17, macOS 14).

Nothing here is ever compiled for an Apple platform, so the compiler cannot say when code uses an
API that is newer than the floor; this check does, from a list of such APIs kept below (names of
the standard library, Synchronization, Concurrency and Foundation that came with iOS 18 / macOS 15
or later). A use is allowed only under an `@available` that names a version at least as new,
written on the declaration that holds it or on one of the few lines above (an `if #available`
also counts). It also checks that Package.swift and docs/native-client.md state the same floor.

`--self-test` runs the check on planted examples first, so a check that cannot fail is noticed.
Prints each finding (file:line) and exits 1 when there is one.
"""
import os
import re
import sys

FLOOR = {"iOS": 17, "macOS": 14}

# API name -> (iOS, macOS) versions it needs. Kept by hand; add to it when a new SDK is adopted.
NEWER = {
    "Mutex": (18, 15), "Atomic": (18, 15), "AtomicRepresentable": (18, 15), "WordPair": (18, 15),
    "Int128": (18, 15), "UInt128": (18, 15),
    "TaskExecutor": (18, 15), "withTaskExecutorPreference": (18, 15), "globalConcurrentExecutor": (18, 15),
    "RecurrenceRule": (18, 15), "Expression": (18, 15),
    "InlineArray": (26, 26), "Span": (26, 26), "RawSpan": (26, 26), "MutableSpan": (26, 26),
    "MutableRawSpan": (26, 26), "OutputSpan": (26, 26), "Observations": (26, 26),
}
MODULES = {"Synchronization": (18, 15)}

USE = re.compile(r"\b(" + "|".join(sorted(NEWER, key=len, reverse=True)) + r")\b")
# A function type with a typed throw (not `throws(any Error)`) whose type metadata is needed — as
# an optional or an array element — needs the Swift 6 runtime (swiftlang/swift#74971): iOS 18.
TYPED_THROWS_METADATA = re.compile(
    r"throws\((?!any\b)\w+\)\s*->[^?\n]*?\)\s*\?|\[\s*(?:@\w+\s+)*\([^)]*\)\s*throws\((?!any\b)\w+\)")
TYPED_THROWS_NEEDS = (18, 15)
IMPORT = re.compile(r"^\s*import\s+(\w+)")
AVAILABLE = re.compile(r"(?:@available|#available)\(([^)]*)\)")
# How many lines above a use an `@available` may stand (attributes, a signature across lines).
REACH = 6


def allowed(needed, lines, index):
    """Whether an `@available` on the use's line or just above covers `needed` (iOS, macOS)."""
    for line in lines[max(0, index - REACH):index + 1]:
        for match in AVAILABLE.finditer(line):
            versions = dict(re.findall(r"(iOS|macOS)\s+(\d+)", match.group(1)))
            if int(versions.get("iOS", 0)) >= needed[0] and int(versions.get("macOS", 0)) >= needed[1]:
                return True
    return False


def strip_comments_and_strings(line):
    """The line without its `//` comment and string literals, so prose naming an API is not a use."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def findings_in(path, text):
    lines = text.split("\n")
    result = []
    in_block_comment = False
    for index, raw in enumerate(lines):
        line = raw
        if in_block_comment:
            if "*/" not in line:
                continue
            line = line.split("*/", 1)[1]
            in_block_comment = False
        if "/*" in line:
            line, _, rest = line.partition("/*")
            in_block_comment = "*/" not in rest
        code = strip_comments_and_strings(line)
        module = IMPORT.match(code)
        if module and module.group(1) in MODULES and not allowed(MODULES[module.group(1)], lines, index):
            result.append(f"{path}:{index + 1}: imports {module.group(1)}, which needs "
                          f"iOS {MODULES[module.group(1)][0]} / macOS {MODULES[module.group(1)][1]}")
        if TYPED_THROWS_METADATA.search(code) and not allowed(TYPED_THROWS_NEEDS, lines, index):
            result.append(f"{path}:{index + 1}: an optional or array of a function type with a typed throw "
                          f"needs the Swift 6 runtime (iOS {TYPED_THROWS_NEEDS[0]} / macOS {TYPED_THROWS_NEEDS[1]}), "
                          f"above the floor, without @available")
        for use in USE.finditer(code):
            needed = NEWER[use.group(1)]
            if not allowed(needed, lines, index):
                result.append(f"{path}:{index + 1}: uses {use.group(1)}, which needs iOS {needed[0]} / "
                              f"macOS {needed[1]}, above the floor (iOS {FLOOR['iOS']}, macOS {FLOOR['macOS']}), "
                              f"without @available")
    return result


def self_test():
    planted = {
        "a mutex": ("let lock = Mutex(0)", 1),
        "a span in a public signature": ("public func bytes() -> RawSpan { fatalError() }", 1),
        "Synchronization": ("import Synchronization", 1),
        "under @available": ("@available(iOS 18, macOS 15, *)\nfunc f() { _ = Mutex(0) }", 0),
        "too old an @available": ("@available(iOS 17, macOS 14, *)\nfunc f() { _ = Mutex(0) }", 1),
        "in a comment": ("// a Mutex would do\n/* or an Atomic */", 0),
        "in a string": ('let text = "Mutex"', 0),
        "a longer name": ("let mutexes = MutexPool()", 0),
        "an optional typed-throws function": ("var call: (@Sendable () throws(StoreError) -> Value)?", 1),
        "an array of typed-throws functions": ("let calls = [(Int) throws(MyError) -> Int]()", 1),
        "a typed-throws parameter": ("func f(_ body: () throws(StoreError) -> Int) -> Int? { nil }", 0),
        "an optional untyped function": ("var call: (() throws -> Int)?", 0),
        "an optional any-Error function": ("var call: (() throws(any Error) -> Int)?", 0),
    }
    failed = False
    for name, (source, expected) in planted.items():
        got = len(findings_in("planted.swift", source))
        if got != expected:
            print(f"self-test: {name}: {got} findings, expected {expected}", file=sys.stderr)
            failed = True
    if failed:
        sys.exit(1)


def floor_statements():
    result = []
    with open("Package.swift", encoding="utf-8") as package:
        text = package.read()
    wanted = f"platforms: [.iOS(.v{FLOOR['iOS']}), .macOS(.v{FLOOR['macOS']})]"
    if wanted not in text:
        result.append(f"Package.swift: does not say {wanted}")
    with open("docs/native-client.md", encoding="utf-8") as page:
        doc = page.read()
    if f"iOS {FLOOR['iOS']} and macOS {FLOOR['macOS']}" not in doc:
        result.append(f"docs/native-client.md: does not state the floor (iOS {FLOOR['iOS']} and macOS {FLOOR['macOS']})")
    return result


DECLARATION = re.compile(r"\b(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)")


def sources():
    """Every Swift file under Sources, with its text."""
    for root, _, files in os.walk("Sources"):
        for file in sorted(files):
            if file.endswith(".swift"):
                path = os.path.join(root, file)
                with open(path, encoding="utf-8") as source:
                    yield path, source.read()


def main():
    if "--self-test" in sys.argv:
        self_test()
    # A name the package declares itself (the renderer's `Span` of styled text) is its own type,
    # which shadows the standard library's where it is used: not a use of the newer API.
    own = {name for _, text in sources() for name in DECLARATION.findall(text)} & set(NEWER)
    for name in own:
        del NEWER[name]
    global USE
    USE = re.compile(r"\b(" + "|".join(sorted(NEWER, key=len, reverse=True)) + r")\b")
    findings = floor_statements()
    for path, text in sources():
        findings += findings_in(path, text)
    for finding in findings:
        print(finding, file=sys.stderr)
    if findings:
        sys.exit(1)
    print(f"platform floor: iOS {FLOOR['iOS']}, macOS {FLOOR['macOS']}; no newer API used without @available"
          + (f" (the package's own: {', '.join(sorted(own))})" if own else ""))


if __name__ == "__main__":
    main()
