# SPDX-License-Identifier: Zlib
# CHANGELOG.md, read when the build is configured: the one list of
# releases, turned into what each reader of it wants. Sets
#   PIPS_PEAK_RELEASE_DATE        the newest release's date, YYYY-MM-DD
#   PIPS_PEAK_MAN_DATE            the same as the man page writes it ("December 2026")
#   PIPS_PEAK_METAINFO_RELEASES   the metainfo's <release> elements, newest first
# and writes changelog.Debian (Debian's format, one entry a release, the
# package revision PIPS_PEAK_DEB_REVISION and the Maintainer
# PIPS_PEAK_CONTACT) into this folder of the build.
#
# A release is a heading "## VERSION (YYYY-MM-DD)" followed by "- " items,
# each maybe running on over lines indented by two spaces; the newest must
# be PROJECT_VERSION. Backquotes are dropped (both formats are plain text).

set(changelog_md "${PROJECT_SOURCE_DIR}/CHANGELOG.md")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${changelog_md}")
file(READ "${changelog_md}" changelog_text)
# CMake lists split at ';' and pair brackets: stand-ins keep those
# characters out of the way until the text is written out.
string(ASCII 29 cl_semicolon)
string(ASCII 30 cl_open)
string(ASCII 31 cl_close)
string(REPLACE ";" "${cl_semicolon}" changelog_text "${changelog_text}")
string(REPLACE "[" "${cl_open}" changelog_text "${changelog_text}")
string(REPLACE "]" "${cl_close}" changelog_text "${changelog_text}")
string(REPLACE "`" "" changelog_text "${changelog_text}")
string(REPLACE "\n" ";" changelog_lines "${changelog_text}")

function(changelog_restore var)
  set(s "${${var}}")
  string(REPLACE "${cl_semicolon}" ";" s "${s}")
  string(REPLACE "${cl_open}" "[" s "${s}")
  string(REPLACE "${cl_close}" "]" s "${s}")
  set(${var} "${s}" PARENT_SCOPE)
endfunction()

# "Sun, 06 Dec 2026 00:00:00 +0000" for a YYYY-MM-DD date (RFC 5322, as
# Debian's changelog wants it; the weekday by Sakamoto's method).
function(changelog_rfc_date date out)
  string(REGEX MATCH "^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$" m "${date}")
  math(EXPR y "${CMAKE_MATCH_1}")
  math(EXPR mo "${CMAKE_MATCH_2}")
  math(EXPR d "${CMAKE_MATCH_3}")
  set(offsets 0 3 2 5 0 3 5 1 4 6 2 4)
  math(EXPR i "${mo} - 1")
  list(GET offsets ${i} t)
  set(yy ${y})
  if(mo LESS 3)
    math(EXPR yy "${y} - 1")
  endif()
  math(EXPR dow "(${yy} + ${yy} / 4 - ${yy} / 100 + ${yy} / 400 + ${t} + ${d}) % 7")
  set(days Sun Mon Tue Wed Thu Fri Sat)
  set(months Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
  list(GET days ${dow} day)
  list(GET months ${i} month)
  set(${out} "${day}, ${CMAKE_MATCH_3} ${month} ${CMAKE_MATCH_1} 00:00:00 +0000" PARENT_SCOPE)
endfunction()

# An item as Debian's changelog writes it: "  * " then the words, lines up
# to 78 columns, the next ones indented by four spaces.
function(changelog_debian_item item out)
  string(REGEX REPLACE " +" ";" words "${item}")
  set(text "  *")
  set(line_len 3)
  foreach(word IN LISTS words)
    string(LENGTH "${word}" n)
    math(EXPR next "${line_len} + 1 + ${n}")
    if(next GREATER 78 AND line_len GREATER 4)
      string(APPEND text "\n    ${word}")
      math(EXPR line_len "4 + ${n}")
    else()
      string(APPEND text " ${word}")
      set(line_len ${next})
    endif()
  endforeach()
  set(${out} "${text}\n" PARENT_SCOPE)
endfunction()

function(changelog_xml_escape var)
  set(s "${${var}}")
  string(REPLACE "&" "&amp;" s "${s}")
  string(REPLACE "<" "&lt;" s "${s}")
  string(REPLACE ">" "&gt;" s "${s}")
  set(${var} "${s}" PARENT_SCOPE)
endfunction()

set(PIPS_PEAK_METAINFO_RELEASES "")
set(changelog_debian "")
set(cl_version "")
set(cl_items "")       # the current release's items, each ending in a newline
set(cl_item "")        # the item being read
set(cl_count 0)

# Ends the item being read (appending it to the release's XML and Debian text).
macro(changelog_end_item)
  if(NOT cl_item STREQUAL "")
    changelog_debian_item("${cl_item}" cl_deb_item)
    string(APPEND cl_deb_items "${cl_deb_item}")
    set(cl_xml_item "${cl_item}")
    changelog_xml_escape(cl_xml_item)
    string(APPEND cl_xml_items "          <li>${cl_xml_item}</li>\n")
    set(cl_item "")
    math(EXPR cl_item_count "${cl_item_count} + 1")
  endif()
endmacro()

# Ends the release being read.
macro(changelog_end_release)
  changelog_end_item()
  if(NOT cl_version STREQUAL "")
    if(cl_item_count EQUAL 0)
      message(FATAL_ERROR "${changelog_md}: release ${cl_version} lists nothing")
    endif()
    string(APPEND PIPS_PEAK_METAINFO_RELEASES
      "    <release version=\"${cl_version}\" date=\"${cl_date}\">\n"
      "      <description>\n        <ul>\n${cl_xml_items}        </ul>\n      </description>\n"
      "    </release>\n")
    changelog_rfc_date("${cl_date}" cl_rfc)
    string(APPEND changelog_debian
      "pips-peak (${cl_version}-${PIPS_PEAK_DEB_REVISION}) unstable; urgency=medium\n\n"
      "${cl_deb_items}\n -- ${PIPS_PEAK_CONTACT}  ${cl_rfc}\n\n")
  endif()
endmacro()

set(cl_line_no 0)
foreach(line IN LISTS changelog_lines)
  math(EXPR cl_line_no "${cl_line_no} + 1")
  if(line MATCHES "^## ")
    changelog_end_release()
    if(NOT line MATCHES "^## ([0-9]+\\.[0-9]+\\.[0-9]+) \\(([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])\\)$")
      message(FATAL_ERROR "${changelog_md}:${cl_line_no}: a release heading is "
                          "\"## VERSION (YYYY-MM-DD)\", not \"${line}\"")
    endif()
    set(cl_version "${CMAKE_MATCH_1}")
    set(cl_date "${CMAKE_MATCH_2}")
    if(cl_count EQUAL 0)
      if(NOT cl_version STREQUAL PROJECT_VERSION)
        message(FATAL_ERROR "${changelog_md}:${cl_line_no}: the newest release is ${cl_version}, "
                            "but CMakeLists.txt's project() says ${PROJECT_VERSION}: they are "
                            "one version, give both the same")
      endif()
      set(PIPS_PEAK_RELEASE_DATE "${cl_date}")
    endif()
    math(EXPR cl_count "${cl_count} + 1")
    set(cl_xml_items "")
    set(cl_deb_items "")
    set(cl_item_count 0)
  elseif(cl_version STREQUAL "")
    # the introduction, before the first release
  elseif(line MATCHES "^- (.*)$")
    changelog_end_item()
    set(cl_item "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^  +([^ ].*)$" AND NOT cl_item STREQUAL "")
    string(APPEND cl_item " ${CMAKE_MATCH_1}")
  elseif(line MATCHES "^ *$")
    changelog_end_item()
  else()
    message(FATAL_ERROR "${changelog_md}:${cl_line_no}: expected a \"- \" item, its "
                        "indented continuation or a \"## VERSION (YYYY-MM-DD)\" heading")
  endif()
endforeach()
changelog_end_release()
if(cl_count EQUAL 0)
  message(FATAL_ERROR "${changelog_md}: no \"## VERSION (YYYY-MM-DD)\" release")
endif()

changelog_restore(PIPS_PEAK_METAINFO_RELEASES)
changelog_restore(changelog_debian)
string(REGEX REPLACE "\n+$" "\n" changelog_debian "${changelog_debian}")
# written only when it changed, so that the compressed copy is not made again
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/changelog.Debian.new" "${changelog_debian}")
configure_file("${CMAKE_CURRENT_BINARY_DIR}/changelog.Debian.new"
               "${CMAKE_CURRENT_BINARY_DIR}/changelog.Debian" COPYONLY)

string(SUBSTRING "${PIPS_PEAK_RELEASE_DATE}" 0 4 cl_year)
string(SUBSTRING "${PIPS_PEAK_RELEASE_DATE}" 5 2 cl_month)
math(EXPR cl_month "${cl_month} - 1")
set(cl_months January February March April May June July August September October November December)
list(GET cl_months ${cl_month} cl_month_name)
set(PIPS_PEAK_MAN_DATE "${cl_month_name} ${cl_year}")
