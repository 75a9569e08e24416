-- wrk script: logEntries:upsert from many accounts, round robin. Each request is a new water
-- log (a fresh id) in that account's running session, stamped now.
-- The accounts file (WATERLINE_ACCOUNTS) has one "token sessionId" line per account.

local accounts = {}
local next_account = 0
local counter = 0

local function load_accounts()
  local path = os.getenv("WATERLINE_ACCOUNTS")
  for line in io.lines(path) do
    local token, session = line:match("^(%S+)%s+(%S+)$")
    if token then accounts[#accounts + 1] = { token = token, session = session } end
  end
end

function init(args)
  load_accounts()
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0))
end

-- A random version-4 UUID, made with one format call (the load generator shares the machine's
-- cores with the server, so it should spend as little as it can per request).
local function uuid()
  return string.format("%08x-%04x-4%03x-%04x-%06x%06x",
    math.random(0, 0xffffffff), math.random(0, 0xffff), math.random(0, 0xfff),
    math.random(0x8000, 0xbfff), math.random(0, 0xffffff), math.random(0, 0xffffff))
end

function request()
  next_account = next_account % #accounts + 1
  counter = counter + 1
  local account = accounts[next_account]
  local now = os.time() * 1000
  local body = string.format(
    '{"path":"logEntries:upsert","format":"json","args":{"id":"%s","sessionId":"%s","timestamp":%d,"type":"water","waterMeta":{"amountOz":8},"source":"phone","updatedAt":%d}}',
    uuid(), account.session, now, now)
  return wrk.format("POST", "/api/mutation", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. account.token,
  }, body)
end

local failures = 0
function response(status, headers, body)
  if status ~= 200 then failures = failures + 1 end
end

function done(summary, latency, requests)
  io.write(string.format("non-200 answers: %d\n", summary.errors.status))
end
