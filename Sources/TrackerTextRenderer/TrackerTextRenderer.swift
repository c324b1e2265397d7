// Draws screens as text (DESIGN.md §7). Built by the renderer issue (#6); this target holds
// nothing usable yet.
import TrackerViewModels
