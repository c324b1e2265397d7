// The view models' tests arrive with them (issue #5).
