vcl 4.1;
# Varnish in front of the marketplace: keeps the anonymous answers the site marks public
# (Cache-Control: public, max-age=0, s-maxage=N, stale-while-revalidate=M), never one for a
# visitor with a cookie or credentials, and drops answers by surrogate key when the site
# purges them after a write (CACHE_PURGE_URLS=http://<this cache>/).
#
#   varnishd -a :6081 -f deploy/varnish/default.vcl -s malloc,256m
#
# The site's address below is the one `npm start` listens on; change it to yours.

import std;

backend site {
    .host = "127.0.0.1";
    .port = "4321";
}

# Who may purge: the site's own processes (set to their addresses).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed to purge."));
        }
        # The site sends keys as words ("ads pages"); each answer lists its own in Surrogate-Key.
        if (req.http.Surrogate-Key !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "Surrogate-Key: one or more keys separated by spaces."));
        }
        # (\s, not a space: the ban's expression is split at spaces.)
        if (std.ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")(\s|$)")) {
            return (synth(200, "Purged."));
        }
        return (synth(500, "Purge failed: " + std.ban_error()));
    }
    # A signed-in visitor (session cookie) or an API caller with credentials always reaches the
    # site: their answers are personal. Varnish's built-in rules pass these too; said here so
    # that no later edit of this file caches them by mistake.
    if (req.http.Cookie || req.http.Authorization) {
        return (pass);
    }
    # Only reads are kept.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
}

sub vcl_backend_response {
    # Only what the site marks for a shared cache is kept (s-maxage, or an upload's immutable
    # year): nothing personal (a cookie set, private or no-store), and no redirect or error
    # without a lifetime, which no purge could reach.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)"
        || beresp.http.Cache-Control !~ "(?i)(s-maxage|immutable)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # s-maxage is Varnish's own lifetime; stale-while-revalidate becomes its grace (served stale
    # while one request fetches a new copy).
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=([0-9]+).*", "\1s"), 0s);
    }
}

sub vcl_deliver {
    # Whether this answer came from the cache (tests and operators read it).
    if (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
}
