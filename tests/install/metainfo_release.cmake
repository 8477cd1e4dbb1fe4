# SPDX-License-Identifier: Zlib
# cmake -P script: the newest <release> of the AppStream metainfo (the
# first one listed) is the project's VERSION, and has a date.
foreach(var METAINFO VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "metainfo_release.cmake needs -D${var}=...")
  endif()
endforeach()
file(READ "${METAINFO}" text)
if(NOT text MATCHES "<release version=\"([^\"]+)\" date=\"([0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9])\"")
  message(FATAL_ERROR "${METAINFO}: no <release version=... date=YYYY-MM-DD>")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  message(FATAL_ERROR "${METAINFO}: the newest release is ${CMAKE_MATCH_1}, the project is "
                      "${VERSION}: add a <release> for it")
endif()
