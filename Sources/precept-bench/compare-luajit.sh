#!/bin/sh
# The §6 menu rule under LuaJIT's interpreter (`luajit -joff`), Lua 5.4 if installed, and
# Precept (`precept-bench expr`), interleaved in one run on the same 20 items, with the ratios.
# Not part of the build, CI or any test; see README.md beside this file.
#
#   swift build -c release --product precept-bench
#   sh Sources/precept-bench/compare-luajit.sh [ROUNDS]    (default 5 rounds; median of each)
#
# Needs `luajit` on the PATH (`apt-get install luajit`, `brew install luajit`); PRECEPT_BENCH
# names the precept-bench binary (default .build/release/precept-bench).
set -eu

rounds=${1:-5}
bench=${PRECEPT_BENCH:-.build/release/precept-bench}
[ -x "$bench" ] || { echo "compare-luajit: no $bench; build it with swift build -c release --product precept-bench" >&2; exit 2; }
command -v luajit >/dev/null 2>&1 || { echo "compare-luajit: luajit is not on the PATH" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

rule="items.all(i, !i.title.startsWith('Delete') || i.role == 'destructive') && items.all(i, i.title.size() > 0) && items.size() >= 2"

# The items of MenuItemsRule.swift: a destructive role exactly on the titles starting "Delete".
titles="New Folder|Open|Open in New Window|Duplicate|Rename|Move|Copy|Copy Link|Share|Add to Favorites|Tag|Pin|Get Info|Show in Enclosing Folder|Compress|Export|Print|Archive|Delete|Delete Immediately"
echo "$titles" | awk -v RS='|' -v json="$work/items.json" -v lua="$work/items.lua" '
  { sub(/\n$/, ""); role = ($0 ~ /^Delete/) ? "destructive" : ""
    j = j (NR > 1 ? ", " : "") "{\"title\": \"" $0 "\", \"role\": \"" role "\"}"
    l = l "  {title = \"" $0 "\", role = \"" role "\"},\n" }
  END { print "[" j "]" > json; printf "return {\n%s}\n", l > lua }'

# The same rule over a table of tables; `s:sub(1, #p) == p` is startsWith. Timed with os.clock
# over enough calls to fill about half a second.
cat > "$work/rule.lua" <<'EOF'
local items = dofile(arg[1])
local function startsWith(s, p) return s:sub(1, #p) == p end
local function rule(items)
  for i = 1, #items do
    local item = items[i]
    if not (not startsWith(item.title, "Delete") or item.role == "destructive") then return false end
  end
  for i = 1, #items do
    if not (#items[i].title > 0) then return false end
  end
  return #items >= 2
end
assert(rule(items) == true)
local n = 200000
local start = os.clock()
local ok = true
for _ = 1, n do ok = rule(items) and ok end
assert(ok)
print(string.format("ns/eval: %.1f", (os.clock() - start) / n * 1e9))
EOF

lua54=$(command -v lua5.4 || true)
luajit_runs="" lua_runs="" precept_runs=""
round=1
while [ "$round" -le "$rounds" ]; do
  luajit_runs="$luajit_runs $(luajit -joff "$work/rule.lua" "$work/items.lua" | sed 's/ns\/eval: //')"
  if [ -n "$lua54" ]; then lua_runs="$lua_runs $("$lua54" "$work/rule.lua" "$work/items.lua" | sed 's/ns\/eval: //')"; fi
  precept_runs="$precept_runs $("$bench" expr "$rule" --let items=@"$work/items.json" | sed -n 's/^ns\/eval: //p')"
  round=$((round + 1))
done

median() { printf '%s\n' $1 | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
p=$(median "$precept_runs")
j=$(median "$luajit_runs")
echo "§6 rule over 20 menu items, ns per evaluation, median of $rounds interleaved rounds"
echo "precept (precept-bench expr)   $p    runs:$precept_runs"
echo "luajit -joff                   $j    runs:$luajit_runs"
if [ -n "$lua54" ]; then
  l=$(median "$lua_runs")
  echo "lua 5.4                        $l    runs:$lua_runs"
fi
awk -v p="$p" -v j="$j" 'BEGIN { printf "precept ÷ luajit -joff          %.2f×  (below 1 is faster than LuaJIT'"'"'s interpreter)\n", p / j }'
