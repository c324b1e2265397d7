// The snapshot-test harness (DESIGN.md §8). Built by the renderer issue (#6); this target holds
// nothing usable yet.
