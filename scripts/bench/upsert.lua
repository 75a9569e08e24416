-- wrk script: logEntries:upsert from many accounts, round robin. Each request is a new water
-- log (a fresh id) in that account's running session, stamped now.
-- The accounts file (WATERLINE_ACCOUNTS) has one "token sessionId" line per account.

dofile("scripts/bench/accounts.lua")

local accounts = {}
local next_account = 0
local counter = 0

function init(args)
  accounts = load_accounts()
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
