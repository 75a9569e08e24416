-- wrk script: sync:push batches from many accounts, round robin. Each request is one ended session
-- of its own (so no session fills up) and PUSH_SIZE - 1 new drinks and waters in it, stamped now.
-- The accounts file (WATERLINE_ACCOUNTS) has one "token sessionId" line per account.

dofile("scripts/bench/accounts.lua")

local accounts = {}
local next_account = 0
local size = tonumber(os.getenv("PUSH_SIZE") or "500")

function init(args)
  accounts = load_accounts()
end

function request()
  next_account = next_account % #accounts + 1
  local now = os.time() * 1000
  local session = uuid()
  local changes = { string.format(
    '{"entity":"session","record":{"id":"%s","startTime":%d,"endTime":%d,"isActive":false,"updatedAt":%d}}',
    session, now - 3600000, now, now) }
  for index = 2, size do
    if index % 3 == 0 then
      changes[index] = string.format(
        '{"entity":"logEntry","record":{"id":"%s","sessionId":"%s","timestamp":%d,"type":"water","waterMeta":{"amountOz":8},"source":"phone","updatedAt":%d}}',
        uuid(), session, now - index * 1000, now)
    else
      changes[index] = string.format(
        '{"entity":"logEntry","record":{"id":"%s","sessionId":"%s","timestamp":%d,"type":"alcohol","alcoholMeta":{"drinkType":"beer","sizeOz":12,"abv":5,"standardDrinkEstimate":1},"source":"phone","updatedAt":%d}}',
        uuid(), session, now - index * 1000, now)
    end
  end
  local body = '{"path":"sync:push","format":"json","args":{"changes":[' .. table.concat(changes, ",") .. ']}}'
  return wrk.format("POST", "/api/mutation", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. accounts[next_account].token,
  }, body)
end

function done(summary, latency, requests)
  io.write(string.format("non-200 answers: %d\n", summary.errors.status))
end
