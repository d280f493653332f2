package store

// OpenWith opens dsn migrated with the migrations in files only, as a build
// that shipped just those would.
var OpenWith = open
