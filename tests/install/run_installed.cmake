# SPDX-License-Identifier: Zlib
# cmake -P script: installs the build into PREFIX (a folder of the build
# tree, not the prefix it was configured with) and runs the installed game
# from / the way a player's copy runs, with no PLATFORMER_DATA:
#   - every file of the install is there (program, data with the Tiled
#     project and the level schema, desktop entry, metainfo, icons, man
#     page, copyright and changelogs);
#   - --headless on an installed level prints the hash the build tree's
#     program prints for the source level;
#   - --check passes every installed level file;
#   - --export-tiled takes the installed data's tileset, and the map plays
#     to the same hash;
#   - --screenshot writes a PNG with SDL_VIDEODRIVER=dummy;
#   - --data DIR wins over the install's data.
# Nothing is written outside PREFIX and SCRATCH (the saves folder of the
# screenshot is SCRATCH/xdg).
foreach(var BUILD_DIR PREFIX SCRATCH REFERENCE SOURCE_DIR LEVEL APP_ID ICON_SIZES DATADIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_installed.cmake needs -D${var}=...")
  endif()
endforeach()
string(REPLACE "," ";" ICON_SIZES "${ICON_SIZES}")

unset(ENV{DESTDIR})
unset(ENV{PLATFORMER_DATA})
set(ENV{XDG_DATA_HOME} "${SCRATCH}/xdg")
file(REMOVE_RECURSE "${PREFIX}" "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}/xdg" "${SCRATCH}/nodata")

execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}${err}")
endif()

set(program "${PREFIX}/bin/pips-peak")
set(data "${PREFIX}/${DATADIR}")
set(expected "${program}" "${data}/assets/physics.json" "${data}/assets/atlas.png"
  "${data}/assets/tiled/tiles.tsj" "${data}/assets/tiled/entities.tsj"
  "${data}/assets/tiled/entities/player.png" "${data}/assets/tiled/pips-peak.tiled-project"
  "${data}/levels/campaign.json" "${data}/levels/${LEVEL}" "${data}/levels/level.schema.json"
  "${PREFIX}/share/doc/pips-peak/copyright" "${PREFIX}/share/doc/pips-peak/changelog.gz"
  "${PREFIX}/share/doc/pips-peak/changelog.Debian.gz"
  "${PREFIX}/share/applications/${APP_ID}.desktop"
  "${PREFIX}/share/metainfo/${APP_ID}.metainfo.xml")
foreach(size IN LISTS ICON_SIZES)
  list(APPEND expected "${PREFIX}/share/icons/hicolor/${size}x${size}/apps/${APP_ID}.png")
endforeach()
foreach(file IN LISTS expected)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "the install has no ${file}")
  endif()
endforeach()
file(GLOB man_page "${PREFIX}/share/man/man6/pips-peak.6*")
if(NOT man_page)
  message(FATAL_ERROR "the install has no man page in share/man/man6")
endif()
file(GLOB source_levels RELATIVE "${SOURCE_DIR}/levels" "${SOURCE_DIR}/levels/*")
foreach(name IN LISTS source_levels)
  if(NOT EXISTS "${data}/levels/${name}")
    message(FATAL_ERROR "levels/${name} is not installed")
  endif()
endforeach()

# Runs a command from /, into ${prefix}_rc, _out and _err.
macro(run_from_root prefix)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY /
    RESULT_VARIABLE ${prefix}_rc OUTPUT_VARIABLE ${prefix}_out ERROR_VARIABLE ${prefix}_err)
endmacro()
macro(expect_ok prefix what)
  if(NOT ${prefix}_rc EQUAL 0)
    message(FATAL_ERROR "${what} exited with ${${prefix}_rc}:\n${${prefix}_out}${${prefix}_err}")
  endif()
endmacro()

run_from_root(installed "${program}" --headless --level "${data}/levels/${LEVEL}" --frames 120)
expect_ok(installed "the installed program, headless from /")
if(NOT installed_out MATCHES "hash: [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\n")
  message(FATAL_ERROR "no hash line in:\n${installed_out}")
endif()
run_from_root(reference "${REFERENCE}" --headless --level "${SOURCE_DIR}/levels/${LEVEL}" --frames 120)
expect_ok(reference "the build tree's program")
if(NOT installed_out STREQUAL reference_out)
  message(FATAL_ERROR "the installed game plays differently:\n${installed_out}---\n${reference_out}")
endif()

file(GLOB level_files "${data}/levels/*.json")
run_from_root(check "${program}" --check ${level_files})
expect_ok(check "--check on the installed levels")

# The tileset it names must be the installed one: the program found the
# install's data, not the source tree's.
get_filename_component(real_data "${data}" REALPATH)
run_from_root(export "${program}" --export-tiled "${data}/levels/${LEVEL}" "${SCRATCH}/level.tmj")
expect_ok(export "--export-tiled from /")
string(FIND "${export_out}" "(tileset ${real_data}/assets/tiled/tiles.tsj," at)
if(at EQUAL -1)
  message(FATAL_ERROR "--export-tiled did not take the installed tileset:\n${export_out}")
endif()
run_from_root(map "${program}" --headless --level "${SCRATCH}/level.tmj" --frames 120)
expect_ok(map "the exported map, headless")
if(NOT map_out STREQUAL installed_out)
  message(FATAL_ERROR "the exported map plays differently:\n${map_out}---\n${installed_out}")
endif()

set(ENV{SDL_VIDEODRIVER} dummy)
run_from_root(shot "${program}" --screenshot "${SCRATCH}/shot.png" --level "${data}/levels/${LEVEL}"
              --frames 30)
expect_ok(shot "--screenshot from /")
file(READ "${SCRATCH}/shot.png" signature LIMIT 8 HEX)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "--screenshot wrote no PNG (${signature})")
endif()

run_from_root(nodata "${program}" --headless --level "${data}/levels/${LEVEL}" --data "${SCRATCH}/nodata")
if(NOT nodata_rc EQUAL 1 OR NOT nodata_err MATCHES "${SCRATCH}/nodata: no assets/physics.json")
  message(FATAL_ERROR "--data without the game's data: exit ${nodata_rc}, expected 1 and a message naming it:\n${nodata_err}")
endif()
message(STATUS "installed in ${PREFIX}; from /: ${installed_out}")
