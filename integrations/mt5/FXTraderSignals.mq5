//+------------------------------------------------------------------+
//| FXTraderSignals.mq5                                              |
//| Places FX Trader signals in MetaTrader 5.                        |
//|                                                                  |
//| Every InpPollSeconds the EA polls GET /api/mt5/queue?after=<cursor>|
//| with your API key, applies each entry, acknowledges the ones it  |
//| applied with POST /api/mt5/ack {"ids":[...]}, and stores the     |
//| cursor and what it applied in terminal global variables, so a    |
//| restart carries on where it stopped.                             |
//|                                                                  |
//| An entry carries the signal as it stands now and a version that  |
//| grows with every later event (modified, partially closed,        |
//| closed, cancelled, expired). The EA:                             |
//|  - version it has not applied, no order yet, ACTIVE or PENDING:  |
//|    places a market order (ACTIVE) or a limit/stop order          |
//|    (PENDING), sized so that the stop loss risks InpRiskPercent   |
//|    of the balance;                                               |
//|  - later version, order placed: moves the stop loss and take     |
//|    profit (and the pending price), closes the part of the        |
//|    position a partial close took, and closes the position or     |
//|    deletes the pending order when the signal ended.              |
//| An entry it could not apply is not acknowledged: the server      |
//| offers it again 60 s later. See README.md beside this file.      |
//+------------------------------------------------------------------+
#property copyright "FX Trader"
#property version   "1.00"
#property description "Polls your FX Trader MT5 queue, places the signals sized by risk, acknowledges them and follows their later changes."

#include <Trade\Trade.mqh>

//--- inputs
input string InpBaseUrl      = "https://fx.example.com"; // FX Trader address (add it under Tools > Options > Expert Advisors > Allow WebRequest)
input string InpApiKey       = "";                       // API key (Account > API), sent as "Authorization: Bearer <key>"
input double InpRiskPercent  = 1.0;                      // Risk per signal, % of the balance lost at the stop loss
input int    InpPollSeconds  = 10;                       // Seconds between polls
input string InpSymbolSuffix = "";                       // Suffix of your broker's symbols (e.g. ".m" for EURUSD.m)
input ulong  InpMagic        = 52052;                    // Magic number of the EA's orders
input int    InpSlippage     = 20;                       // Largest deviation for market orders, in points
input int    InpTimeoutMs    = 10000;                    // HTTP timeout, ms

//--- the documented API (docs: /api/docs; a unit test checks these names against the OpenAPI document)
#define QUEUE_PATH "/api/mt5/queue"
#define ACK_PATH   "/api/mt5/ack"
#define PAGE_SIZE  50

CTrade trade;
string g_prefix;   // prefix of this EA's global variables: "FXTS.<account>."

//+------------------------------------------------------------------+
//| Persistent state (terminal global variables survive restarts)     |
//+------------------------------------------------------------------+
string StateName(const string key) { return g_prefix + key; }

double StateGet(const string key, const double fallback)
  {
   string name = StateName(key);
   return GlobalVariableCheck(name) ? GlobalVariableGet(name) : fallback;
  }

void StateSet(const string key, const double value)
  {
   GlobalVariableSet(StateName(key), value);
  }

//+------------------------------------------------------------------+
//| Minimal JSON reading: enough for the queue's documented shape.    |
//| Values are found by key inside one object's text; strings are     |
//| skipped while matching braces, so quotes in a rationale are safe. |
//+------------------------------------------------------------------+
// Index just past the JSON value that starts at `from` (object, array, string or literal).
int JsonSkipValue(const string json, int from)
  {
   int n = StringLen(json);
   int i = from;
   ushort c = StringGetCharacter(json, i);
   if(c == '"')
     {
      for(i = i + 1; i < n; i++)
        {
         ushort d = StringGetCharacter(json, i);
         if(d == '\\') { i++; continue; }
         if(d == '"') return i + 1;
        }
      return n;
     }
   if(c == '{' || c == '[')
     {
      int depth = 0;
      for(; i < n; i++)
        {
         ushort d = StringGetCharacter(json, i);
         if(d == '"') { i = JsonSkipValue(json, i) - 1; continue; }
         if(d == '{' || d == '[') depth++;
         if(d == '}' || d == ']') { depth--; if(depth == 0) return i + 1; }
        }
      return n;
     }
   for(; i < n; i++)
     {
      ushort d = StringGetCharacter(json, i);
      if(d == ',' || d == '}' || d == ']') return i;
     }
   return n;
  }

// The raw text of member `key` of the object `json` (top level only), or "" when absent.
string JsonRaw(const string json, const string key)
  {
   int n = StringLen(json);
   int depth = 0;
   for(int i = 0; i < n; i++)
     {
      ushort c = StringGetCharacter(json, i);
      if(c == '{' || c == '[') { depth++; continue; }
      if(c == '}' || c == ']') { depth--; continue; }
      if(c != '"') continue;
      int end = JsonSkipValue(json, i);
      if(depth == 1 && StringSubstr(json, i + 1, end - i - 2) == key)
        {
         int j = end;
         while(j < n && (StringGetCharacter(json, j) == ' ' || StringGetCharacter(json, j) == ':')) j++;
         if(j > end) return StringSubstr(json, j, JsonSkipValue(json, j) - j);
        }
      i = end - 1;
     }
   return "";
  }

string JsonString(const string json, const string key)
  {
   string raw = JsonRaw(json, key);
   if(StringLen(raw) < 2 || StringGetCharacter(raw, 0) != '"') return "";
   return StringSubstr(raw, 1, StringLen(raw) - 2);
  }

// A number member; `fallback` when it is absent or null.
double JsonNumber(const string json, const string key, const double fallback)
  {
   string raw = JsonRaw(json, key);
   if(raw == "" || raw == "null") return fallback;
   return StringToDouble(raw);
  }

bool JsonBool(const string json, const string key) { return JsonRaw(json, key) == "true"; }

// The elements of the array member `key` of `json`, each as its text.
int JsonArray(const string json, const string key, string &out[])
  {
   ArrayResize(out, 0);
   string raw = JsonRaw(json, key);
   int n = StringLen(raw);
   if(n < 2 || StringGetCharacter(raw, 0) != '[') return 0;
   int i = 1;
   while(i < n - 1)
     {
      ushort c = StringGetCharacter(raw, i);
      if(c == ' ' || c == ',' || c == '\n' || c == '\r' || c == '\t') { i++; continue; }
      int end = JsonSkipValue(raw, i);
      int k = ArraySize(out);
      ArrayResize(out, k + 1);
      out[k] = StringSubstr(raw, i, end - i);
      i = end;
     }
   return ArraySize(out);
  }

//+------------------------------------------------------------------+
//| HTTP                                                              |
//+------------------------------------------------------------------+
// Sends one request; returns the HTTP status (or -1) and the body in `response`.
int Http(const string method, const string path, const string body, string &response)
  {
   string headers = "Authorization: Bearer " + InpApiKey + "\r\nAccept: application/json\r\n";
   char data[];
   char result[];
   string resultHeaders;
   if(body != "")
     {
      headers += "Content-Type: application/json\r\n";
      StringToCharArray(body, data, 0, WHOLE_ARRAY, CP_UTF8);
      ArrayResize(data, ArraySize(data) - 1); // drop the terminating zero
     }
   ResetLastError();
   int status = WebRequest(method, InpBaseUrl + path, headers, InpTimeoutMs, data, result, resultHeaders);
   if(status == -1)
     {
      int error = GetLastError();
      if(error == 4014)
         Print("FX Trader: add ", InpBaseUrl, " under Tools > Options > Expert Advisors > Allow WebRequest for listed URL");
      else
         Print("FX Trader: ", method, " ", path, " failed, error ", error);
      response = "";
      return -1;
     }
   response = CharArrayToString(result, 0, WHOLE_ARRAY, CP_UTF8);
   return status;
  }

//+------------------------------------------------------------------+
//| Sizing                                                            |
//+------------------------------------------------------------------+
// Lots so that a move from `entry` to `sl` loses InpRiskPercent of the balance:
//   lots = balance * risk% / (|entry - sl| / tick size * tick value per lot),
// rounded down to the volume step; 0 when below the symbol's minimum volume.
double LotsForRisk(const string symbol, const double entry, const double sl)
  {
   double tickSize  = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_SIZE);
   double tickValue = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_VALUE_LOSS);
   if(tickValue <= 0) tickValue = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_VALUE);
   double distance = MathAbs(entry - sl);
   if(tickSize <= 0 || tickValue <= 0 || distance <= 0) return 0;
   double lossPerLot = distance / tickSize * tickValue;
   double riskMoney  = AccountInfoDouble(ACCOUNT_BALANCE) * InpRiskPercent / 100.0;
   double step = SymbolInfoDouble(symbol, SYMBOL_VOLUME_STEP);
   double minVolume = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN);
   double maxVolume = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MAX);
   if(step <= 0) step = minVolume;
   double lots = MathFloor(riskMoney / lossPerLot / step) * step;
   if(lots < minVolume) return 0;
   return NormalizeDouble(MathMin(lots, maxVolume), 8);
  }

//+------------------------------------------------------------------+
//| Orders of one queue entry                                         |
//+------------------------------------------------------------------+
// The entry's order ticket (its position's identifier once filled), 0 when none was placed.
ulong EntryTicket(const long entryId) { return (ulong)StateGet("t" + (string)entryId, 0); }

bool SelectPosition(const ulong ticket)
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      if(PositionGetTicket(i) == 0) continue;
      if((ulong)PositionGetInteger(POSITION_IDENTIFIER) == ticket && PositionGetInteger(POSITION_MAGIC) == (long)InpMagic) return true;
     }
   return false;
  }

double Price(const string symbol, const double value)
  {
   return NormalizeDouble(value, (int)SymbolInfoInteger(symbol, SYMBOL_DIGITS));
  }

// Places the order of a signal not placed yet. True when placed (or nothing can ever be placed: locked, unknown symbol, too small).
bool PlaceEntry(const long entryId, const string signal)
  {
   string symbol = JsonString(signal, "symbol") + InpSymbolSuffix;
   string status = JsonString(signal, "status");
   bool longSide = JsonString(signal, "direction") == "LONG";
   string method = JsonString(JsonRaw(signal, "entryJson"), "method");
   double entry = JsonNumber(signal, "entryPrice", 0);
   double sl = JsonNumber(signal, "stopLoss", 0);
   double tp = JsonNumber(signal, "takeProfit1", 0);
   if(JsonBool(signal, "locked") || entry <= 0 || sl <= 0)
     {
      Print("FX Trader: entry ", entryId, " has no levels (your plan does not include this strategy); skipped");
      return true;
     }
   if(!SymbolSelect(symbol, true))
     {
      Print("FX Trader: symbol ", symbol, " is not offered by this broker; entry ", entryId, " skipped (check InpSymbolSuffix)");
      return true;
     }
   double lots = LotsForRisk(symbol, entry, sl);
   if(lots <= 0)
     {
      Print("FX Trader: ", InpRiskPercent, "% risk is below the minimum volume of ", symbol, "; entry ", entryId, " skipped");
      return true;
     }
   string comment = "FXT#" + (string)entryId;
   bool ok;
   if(status == "ACTIVE")
      ok = longSide ? trade.Buy(lots, symbol, 0, Price(symbol, sl), Price(symbol, tp), comment)
                    : trade.Sell(lots, symbol, 0, Price(symbol, sl), Price(symbol, tp), comment);
   else if(method == "limit")
      ok = longSide ? trade.BuyLimit(lots, Price(symbol, entry), symbol, Price(symbol, sl), Price(symbol, tp), ORDER_TIME_GTC, 0, comment)
                    : trade.SellLimit(lots, Price(symbol, entry), symbol, Price(symbol, sl), Price(symbol, tp), ORDER_TIME_GTC, 0, comment);
   else
      ok = longSide ? trade.BuyStop(lots, Price(symbol, entry), symbol, Price(symbol, sl), Price(symbol, tp), ORDER_TIME_GTC, 0, comment)
                    : trade.SellStop(lots, Price(symbol, entry), symbol, Price(symbol, sl), Price(symbol, tp), ORDER_TIME_GTC, 0, comment);
   if(!ok || trade.ResultOrder() == 0)
     {
      Print("FX Trader: order for entry ", entryId, " refused: ", trade.ResultRetcodeDescription());
      return false;
     }
   StateSet("t" + (string)entryId, (double)trade.ResultOrder());
   StateSet("l" + (string)entryId, lots);
   Print("FX Trader: entry ", entryId, " placed, ", lots, " lots of ", symbol, ", order ", trade.ResultOrder());
   return true;
  }

// Applies a later version to the entry's order or position. True when done.
bool UpdateEntry(const long entryId, const ulong ticket, const string signal, const double remaining)
  {
   string status = JsonString(signal, "status");
   bool ended = status == "CLOSED" || status == "CANCELLED" || status == "EXPIRED";
   double sl = JsonNumber(signal, "stopLoss", 0);
   double tp = JsonNumber(signal, "takeProfit1", 0);
   if(OrderSelect(ticket))
     {
      string symbol = OrderGetString(ORDER_SYMBOL);
      if(ended) return trade.OrderDelete(ticket);
      if(sl <= 0) return true;
      double entry = JsonNumber(signal, "entryPrice", OrderGetDouble(ORDER_PRICE_OPEN));
      return trade.OrderModify(ticket, Price(symbol, entry), Price(symbol, sl), Price(symbol, tp), ORDER_TIME_GTC, 0);
     }
   if(!SelectPosition(ticket)) return true; // already closed at the broker (stop or target hit)
   ulong position = (ulong)PositionGetInteger(POSITION_TICKET);
   string symbol = PositionGetString(POSITION_SYMBOL);
   if(ended) return trade.PositionClose(position, InpSlippage);
   double placed = StateGet("l" + (string)entryId, PositionGetDouble(POSITION_VOLUME));
   double step = SymbolInfoDouble(symbol, SYMBOL_VOLUME_STEP);
   double keep = step > 0 ? MathCeil(placed * remaining / step - 1e-9) * step : placed * remaining;
   double excess = PositionGetDouble(POSITION_VOLUME) - keep;
   if(remaining < 1 && step > 0 && excess >= step - 1e-9)
     {
      if(!trade.PositionClosePartial(position, NormalizeDouble(excess, 8), InpSlippage)) return false;
     }
   if(sl <= 0) return true;
   return trade.PositionModify(position, Price(symbol, sl), Price(symbol, tp));
  }

// Applies one queue item; true when it may be acknowledged.
bool ApplyItem(const string item)
  {
   long entryId = (long)JsonNumber(item, "id", 0);
   long version = (long)JsonNumber(item, "version", 1);
   double remaining = JsonNumber(item, "remaining", 1);
   string signal = JsonRaw(item, "signal");
   if(entryId <= 0 || signal == "") return false;
   if((long)StateGet("v" + (string)entryId, 0) >= version) return true; // applied before an acknowledgement was lost
   ulong ticket = EntryTicket(entryId);
   string status = JsonString(signal, "status");
   bool ok;
   if(ticket == 0)
      ok = (status == "ACTIVE" || status == "PENDING") ? PlaceEntry(entryId, signal) : true;
   else
      ok = UpdateEntry(entryId, ticket, signal, remaining);
   if(ok) StateSet("v" + (string)entryId, (double)version);
   return ok;
  }

//+------------------------------------------------------------------+
//| One poll: fetch, apply, acknowledge, store the cursor             |
//+------------------------------------------------------------------+
void Poll()
  {
   long cursor = (long)StateGet("cursor", 0);
   string body;
   int status = Http("GET", QUEUE_PATH + "?after=" + (string)cursor + "&limit=" + (string)PAGE_SIZE, "", body);
   if(status != 200)
     {
      if(status != -1) Print("FX Trader: queue answered HTTP ", status, " ", StringSubstr(body, 0, 200));
      return;
     }
   string items[];
   int count = JsonArray(body, "items", items);
   string acked = "";
   for(int i = 0; i < count; i++)
     {
      if(!ApplyItem(items[i])) continue;
      acked += (acked == "" ? "" : ",") + (string)(long)JsonNumber(items[i], "id", 0);
     }
   if(acked != "")
     {
      string answer;
      int ackStatus = Http("POST", ACK_PATH, "{\"ids\":[" + acked + "]}", answer);
      if(ackStatus != 200) Print("FX Trader: acknowledgement answered HTTP ", ackStatus, "; the entries come again and are recognised as applied");
     }
   StateSet("cursor", JsonNumber(body, "nextCursor", (double)cursor));
   GlobalVariablesFlush();
  }

//+------------------------------------------------------------------+
int OnInit()
  {
   if(InpApiKey == "")
     {
      Print("FX Trader: set InpApiKey to an API key from Account > API");
      return INIT_PARAMETERS_INCORRECT;
     }
   if(InpRiskPercent <= 0 || InpRiskPercent > 10)
     {
      Print("FX Trader: InpRiskPercent must be above 0 and at most 10");
      return INIT_PARAMETERS_INCORRECT;
     }
   g_prefix = "FXTS." + (string)AccountInfoInteger(ACCOUNT_LOGIN) + ".";
   trade.SetExpertMagicNumber(InpMagic);
   trade.SetDeviationInPoints(InpSlippage);
   EventSetTimer(MathMax(InpPollSeconds, 2));
   Poll();
   return INIT_SUCCEEDED;
  }

void OnDeinit(const int reason)
  {
   EventKillTimer();
   GlobalVariablesFlush();
  }

void OnTimer() { Poll(); }
//+------------------------------------------------------------------+
