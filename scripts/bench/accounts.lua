-- What the wrk scripts share: the seeded accounts (WATERLINE_ACCOUNTS, one "token sessionId"
-- line each) and ids. Loaded with dofile from the repository's root, where bench-server runs wrk.

function load_accounts()
  local accounts = {}
  for line in io.lines(os.getenv("WATERLINE_ACCOUNTS")) do
    local token, session = line:match("^(%S+)%s+(%S+)$")
    if token then accounts[#accounts + 1] = { token = token, session = session } end
  end
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0))
  return accounts
end

-- A random version-4 UUID, made with one format call (the load generator shares the machine's
-- cores with the server, so it should spend as little as it can per request).
function uuid()
  return string.format("%08x-%04x-4%03x-%04x-%06x%06x",
    math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff),
    math.random(0x8000, 0xbfff), math.random(0, 0xffffff), math.random(0, 0xffffff))
end
