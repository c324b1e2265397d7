// One view model per screen and the app flow (DESIGN.md §2, §4). Built by the view-models issue
// (#5); this target holds nothing usable yet.
import TrackerLocalization
import TrackerModels
