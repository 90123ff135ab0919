// The shell functions that read the name cache (see cache/paths.ts and cache/store.ts): each
// finds the profile as shorty would (SHORTY_CONFIG_DIR, else the platform's config folder;
// --profile on the line, else SHORTY_PROFILE, else the `current` of config.json, else `default`),
// the id of its folder in `current/<profile>`, and reads one plain file. No Node start, no
// request: a missing cache offers nothing. What a server named is data: each name is inserted as
// it is, quoted for where the cursor is, never expanded.
import { CACHE_FORMAT, CURRENT_FOLDER } from '../cache/paths.js';

/**
 * String.raw that reads `\${` as the shell's `${` and \` as a backquote: shell code is written as
 * the shell reads it, backslashes and all, with the template's own `${...}` for what is filled in.
 */
function shell(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.raw.map((s) => s.replaceAll('\\${', '${').replaceAll('\\`', '`'));
  return String.raw({ raw }, ...values);
}

/**
 * bash and zsh: `p_cache_file RESOURCE` sets REPLY to the file and fails when it can't be read.
 * Each file it reads (config.json, the profile's pointer, the names) must first be a regular file
 * (a FIFO would hold the Tab) of the user's, and at the end all of them writable by no one else
 * (`p_own`), as shorty's own reads require: another user's names are never offered.
 */
function shCacheFile(p: string, rematch: string): string {
  return shell`${p}_cache_file() {
  local dir=\${SHORTY_CONFIG_DIR:-} profile=\${${p}_profile:-\${SHORTY_PROFILE:-}} text re
  local -a seen=()
  if [[ -z $dir ]]; then
    if [[ $OSTYPE == darwin* ]]; then dir=$HOME/Library/Preferences/shorty; else dir=\${XDG_CONFIG_HOME:-$HOME/.config}/shorty; fi
  fi
  if [[ -z $profile && -e $dir/config.json ]]; then
    [[ -f $dir/config.json && -O $dir/config.json && -r $dir/config.json ]] || return 1
    seen+=("$dir/config.json")
    text=$(<"$dir/config.json")
    re='"current"[[:space:]]*:[[:space:]]*"([^"\\]*)"'
    [[ $text =~ $re ]] && profile=${rematch}
  fi
  profile=\${profile:-default}
  re='^[A-Za-z0-9][A-Za-z0-9._-]*$'
  [[ $profile =~ $re ]] || profile="~$(printf %s "$profile" | od -An -tx1 -v | tr -d ' \n')"
  dir=$dir/cache/${CACHE_FORMAT} text=''
  [[ -f $dir/${CURRENT_FOLDER}/$profile && -O $dir/${CURRENT_FOLDER}/$profile ]] || return 1
  seen+=("$dir/${CURRENT_FOLDER}/$profile")
  { read -r text < "$dir/${CURRENT_FOLDER}/$profile"; } 2>/dev/null
  re='^[0-9a-f]{32}$'
  [[ $text =~ $re ]] || return 1
  REPLY=$dir/$text/$1
  [[ -f $REPLY && -r $REPLY ]] && ${p}_own "$REPLY" "\${seen[@]}"
}`;
}

/**
 * bash: `p_own FILE...` succeeds when each file is a regular file of the user's that neither group
 * nor others may write. bash has no test of the mode: one `find` looks at them all.
 */
function bashOwnFunction(p: string): string {
  return shell`${p}_own() {
  local f
  for f; do [[ -f $f && -O $f ]] || return 1; done
  [[ -z $(command find "$@" -prune \( -perm -020 -o -perm -002 \) -print 2>/dev/null) ]]
}`;
}

/** zsh: `p_own FILE...` as bash's, with the zstat builtin (no process started). */
function zshOwnFunction(p: string): string {
  return shell`${p}_own() {
  emulate -L zsh
  zmodload -F zsh/stat b:zstat 2>/dev/null || return 1
  local f
  local -A st
  for f; do
    [[ -f $f && -O $f ]] || return 1
    zstat -H st $f 2>/dev/null || return 1
    (( st[mode] & 8#022 )) && return 1
  done
  return 0
}`;
}

/**
 * bash: `p_offer WORD` sets COMPREPLY to the lines of stdin that start with WORD as typed, each
 * quoted for where the cursor is, as `printf %q` would: bare, every character but the plain ones
 * after a backslash; after an opening ', inside single quotes (a ' as '\''); after an opening ",
 * with \ $ ` " escaped and ! outside the quotes (history expansion). compgen -W would expand them.
 */
function bashOfferFunction(p: string): string {
  return shell`${p}_offer() {
  local quote='' typed=$1 IFS=$'\n' glob=1
  if [[ $typed == [\"\']* ]]; then quote=\${typed:0:1} typed=\${typed:1}; else typed=\${typed//\\/}; fi
  # awk picks and quotes: a bash loop over thousands of names would take longer than a Tab may, and
  # so would \`read -a\` (a byte a call from a pipe). The lines are split at newlines only, unglobbed.
  [[ $- == *f* ]] && glob=0
  set -f
  COMPREPLY=($(P=$typed Q=$quote awk -F '\t' '
    index($1, ENVIRON["P"]) != 1 { next }
    ENVIRON["Q"] == "\047" { gsub(/\047/, "\047\\\\\047\047", $1); print "\047" $1 "\047"; next }
    ENVIRON["Q"] == "\"" { gsub(/[\\$\`"]/, "\\\\&", $1); gsub(/!/, "\"\047!\047\"", $1); print "\"" $1 "\""; next }
    { gsub(/[^A-Za-z0-9._\/@%+,:=-]/, "\\\\&", $1); print $1 }' 2>/dev/null))
  ((glob)) && set +f
  return 0
}`;
}

/** bash: `p_cached RESOURCE WORD` offers the cached names that start with WORD (see p_offer). */
export function bashCacheFunctions(p: string): string {
  return `${bashOwnFunction(p)}

${shCacheFile(p, shell`\${BASH_REMATCH[1]}`)}

${bashOfferFunction(p)}

${shell`${p}_cached() {
  local REPLY
  ${p}_cache_file "$1" || return 0
  ${p}_offer "$2" < "$REPLY"
}`}`;
}

/** zsh: `p_cached RESOURCE` adds the names, each with its description (a link's title, an id). */
export function zshCacheFunctions(p: string): string {
  return `${zshOwnFunction(p)}

${shCacheFile(p, '$match[1]').replace('() {\n', '() {\n  emulate -L zsh\n')}

${shell`${p}_cached() {
  emulate -L zsh
  local REPLY line
  local -i width=0
  local -a lines names shown expl
  ${p}_cache_file $1 || return 1
  # awk keeps the lines that start with the word typed and, past 200, their names alone (a list
  # this long is not read line by line); zsh would take longer than a Tab may over thousands.
  lines=(\${(f)"$(P=\${(Q)PREFIX} command awk -F '\t' '
    index($0, ENVIRON["P"]) == 1 { line[++n] = $0; name[n] = $1 }
    END { for (i = 1; i <= n; i++) print (n > 200 ? name[i] : line[i]) }' $REPLY 2>/dev/null)"})
  _description $1 expl $1
  if (( \${#lines} > 200 )); then
    compadd "$expl[@]" -a lines
    return
  fi
  names=(\${lines%%$'\t'*})
  # Descriptions in a column, as _describe lays them out.
  for line in $names; do (( \${#line} > width )) && width=\${#line}; done
  for line in $lines; do
    if [[ $line == *$'\t'* ]]; then shown+=("\${(r:width:)\${line%%$'\t'*}}  -- \${line#*$'\t'}"); else shown+=("$line"); fi
  done
  compadd "$expl[@]" -l -d shown -a names
}`}`;
}

/** The most names fish is given for one Tab (see fishCacheFunctions). */
const FISH_MAX = 2000;

/** fish: `p_cached RESOURCE` prints `name<TAB>description` lines; fish quotes a name as it inserts it. */
export function fishCacheFunctions(p: string): string {
  return shell`# Succeeds when each file is a regular file of the user's that neither group nor others may
# write, as shorty's own reads require (a FIFO would hold the Tab; another user's names are not offered).
function ${p}_own
    for f in $argv
        test -f "$f" -a -O "$f"; or return 1
    end
    set -l loose (command find $argv -prune \( -perm -020 -o -perm -002 \) -print 2>/dev/null)
    test (count $loose) -eq 0
end

function ${p}_cache_file --argument-names resource
    set -l dir $SHORTY_CONFIG_DIR
    if test -z "$dir"
        if test -d $HOME/Library/Preferences
            set dir $HOME/Library/Preferences/shorty
        else if test -n "$XDG_CONFIG_HOME"
            set dir $XDG_CONFIG_HOME/shorty
        else
            set dir $HOME/.config/shorty
        end
    end
    set -l profile $${p}_profile
    test -n "$profile"; or set profile $SHORTY_PROFILE
    set -l seen
    if test -z "$profile" -a -e "$dir/config.json"
        test -f "$dir/config.json" -a -O "$dir/config.json" -a -r "$dir/config.json"; or return 1
        set seen $dir/config.json
        set profile (string replace -rf '.*"current"\s*:\s*"([^"\\\\]*)".*' '$1' < $dir/config.json)[1]
    end
    test -n "$profile"; or set profile default
    if not string match -qr '^[A-Za-z0-9][A-Za-z0-9._-]*$' -- $profile
        set profile "~"(printf %s $profile | od -An -tx1 -v | string replace -ra '\s' '' | string join '')
    end
    set dir $dir/cache/${CACHE_FORMAT}
    set -l pointer $dir/${CURRENT_FOLDER}/$profile
    test -f $pointer -a -O $pointer -a -r $pointer; or return 1
    read -l scope < $pointer
    string match -qr '^[0-9a-f]{32}$' -- $scope; or return 1
    test -f $dir/$scope/$resource -a -r $dir/$scope/$resource; or return 1
    ${p}_own $dir/$scope/$resource $pointer $seen; or return 1
    echo $dir/$scope/$resource
end

# awk keeps the lines that start with a plain word typed (fish would sift thousands slower); a
# quoted or escaped word gets every line, and fish matches it as it does its own.
function ${p}_cached --argument-names resource
    set -l file (${p}_cache_file $resource); or return
    test -f "$file" -a -r "$file"; or return
    set -l typed (commandline -ct)
    string match -qr '^[A-Za-z0-9._@-]*$' -- "$typed"; or set typed ''
    # fish takes several ms of CPU a thousand candidates: at most ${FISH_MAX}, the rest as one types more.
    P=$typed command awk 'index($0, ENVIRON["P"]) == 1 && n++ < ${FISH_MAX}' $file 2>/dev/null
end`;
}
