// The store's shared suite arrives with the store (issue #3).
