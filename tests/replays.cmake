# SPDX-License-Identifier: Zlib
# Every replay under tests/replays/ plays its level headless and must end
# as its '#!' lines say (outcome, ticks, hash): the campaign stays
# completable and the simulation stays deterministic, on every build.
# Under valgrind (label memcheck) the same runs must show no error and no
# leak. The short soak plays every campaign level with random input.
file(GLOB replay_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/replays/*.replay)
find_program(VALGRIND valgrind)
foreach(replay ${replay_files})
  get_filename_component(name ${replay} NAME_WE)
  add_test(NAME replay_${name}
           COMMAND platformer --headless --verify ${replay}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  if(VALGRIND AND NOT SANITIZE AND NOT FUZZ)
    add_test(NAME memcheck_${name}
             COMMAND ${VALGRIND} --tool=memcheck --error-exitcode=99 --leak-check=full
                     --show-leak-kinds=all --errors-for-leak-kinds=all
                     $<TARGET_FILE:platformer> --headless --verify ${replay}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(memcheck_${name} PROPERTIES LABELS memcheck)
  endif()
endforeach()

file(GLOB campaign_levels CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/levels/[0-9]*.json)
if(campaign_levels)
  add_test(NAME soak_short
           COMMAND platformer --headless --soak 5000 --seed 7 ${campaign_levels}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # Every JSON file of levels/ (levels, the campaign, the schema).
  file(GLOB level_folder_json CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/levels/*.json)
  add_test(NAME levels_check
           COMMAND platformer --check ${level_folder_json}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # The campaign as the game reads it: the list and every level it names.
  add_test(NAME campaign_check
           COMMAND platformer --check levels/campaign.json
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # The campaign measured from its completing replays (tools/curve): each
  # level's optimal time, the share of sloppy runs (every jump moved 1 and 2
  # ticks) that fail, its hands-off time, its checkpoints, its longest
  # stretch between respawn points, its signs and coins; campaign_curve
  # prints the table and requires every goal of the campaign's curve.
  if(TARGET curve)
    add_test(NAME campaign_curve
             COMMAND curve --require all --replays ${CMAKE_CURRENT_SOURCE_DIR}/replays)
  endif()
  # Every level it names has a completing and an all-coins-and-gems replay,
  # and a gem.
  add_test(NAME campaign_replays
           COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DSOURCE=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/campaign/replays.cmake)
endif()

# A level moved to Tiled plays exactly the same: every campaign replay on
# its level's Tiled export, in every tile layer format. Where the real Tiled
# is installed (Debian package tiled; label tiled), also on each export as
# Tiled re-saves it headless: JSON, Tiled 1.1 JSON (the zstd map also
# through TMX).
find_program(TILED tiled)
foreach(replay ${replay_files})
  get_filename_component(name ${replay} NAME_WE)
  if(EXISTS ${PROJECT_SOURCE_DIR}/levels/${name}.json)
    add_test(NAME tiled_roundtrip_${name}
             COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer>
                     -DLEVEL=${PROJECT_SOURCE_DIR}/levels/${name}.json
                     -DREPLAY=${replay} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tiled-roundtrip/${name}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/tiled_roundtrip.cmake
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    if(TILED)
      add_test(NAME tiled_resave_${name}
               COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DTILED=${TILED}
                       -DLEVEL=${PROJECT_SOURCE_DIR}/levels/${name}.json
                       -DREPLAY=${replay} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tiled-resave/${name}
                       -P ${CMAKE_CURRENT_SOURCE_DIR}/tiled_roundtrip.cmake
               WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
      set_tests_properties(tiled_resave_${name} PROPERTIES LABELS tiled)
    endif()
  endif()
endforeach()

# The packs shipped with the game (packs/): each passes --check (pack.json,
# its campaign and every level), and each of its replays completes as its
# '#!' lines say.
file(GLOB pack_dirs CONFIGURE_DEPENDS LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/packs/*)
foreach(dir ${pack_dirs})
  if(IS_DIRECTORY ${dir})
    get_filename_component(pack ${dir} NAME)
    add_test(NAME pack_check_${pack}
             COMMAND platformer --check ${dir}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    # every level of the folder has a completing replay beside it
    file(GLOB pack_levels CONFIGURE_DEPENDS ${dir}/*.json ${dir}/*.tmj)
    foreach(level ${pack_levels})
      get_filename_component(name ${level} NAME_WE)
      if(NOT name MATCHES "^(campaign|pack)$" AND NOT EXISTS ${dir}/${name}.replay)
        message(FATAL_ERROR "packs/${pack}/${name}: no ${name}.replay beside it")
      endif()
    endforeach()
    file(GLOB pack_replays CONFIGURE_DEPENDS ${dir}/*.replay)
    foreach(replay ${pack_replays})
      get_filename_component(name ${replay} NAME_WE)
      add_test(NAME pack_replay_${pack}_${name}
               COMMAND platformer --headless --verify ${replay}
               WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    endforeach()
  endif()
endforeach()
