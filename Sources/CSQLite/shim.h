// The system's SQLite (libsqlite3) for Linux; Apple platforms use the SDK's SQLite3 module instead.
#include <sqlite3.h>
