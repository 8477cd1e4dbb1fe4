# SPDX-License-Identifier: Zlib
# The front end's tests: controls and bindings, camera, renderer and menus
# (software renderer, no display), the game drawn without a display, and the
# game in a window under a virtual X server.
platformer_test(test_input test_input.c)
target_link_libraries(test_input PRIVATE platform_core)
# settings.json round trips are written in the build tree
target_compile_definitions(test_input PRIVATE
  INPUT_SCRATCH="${CMAKE_CURRENT_BINARY_DIR}/input-scratch")

platformer_test(test_display test_display.c)
target_link_libraries(test_display PRIVATE platform_core)

platformer_test(test_render_camera test_render_camera.c)
target_link_libraries(test_render_camera PRIVATE platform_core)

platformer_test(test_render test_render.c platform/synth_atlas.c)
target_include_directories(test_render PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_link_libraries(test_render PRIVATE platform_core)
set_tests_properties(test_render PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=dummy")

platformer_test(test_render_menu test_render_menu.c platform/synth_atlas.c)
target_include_directories(test_render_menu PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_link_libraries(test_render_menu PRIVATE platform_core)
set_tests_properties(test_render_menu PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=dummy")

platformer_test(test_render_game test_render_game.c)
target_link_libraries(test_render_game PRIVATE platform_core)
# white-box: drives the front end's screens directly
target_include_directories(test_render_game PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
# settings and progress are read from a scratch folder, never the user's
set_tests_properties(test_render_game PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-data")

platformer_test(test_render_play test_render_play.c)
target_link_libraries(test_render_play PRIVATE platform_core)
# white-box: reads the front end's coins in flight and secret regions
target_include_directories(test_render_play PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_render_play PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-play")

platformer_test(test_screens test_screens.c)
target_link_libraries(test_screens PRIVATE platform_core)
# white-box: drives the front end's screens directly
target_include_directories(test_screens PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
# the game's folder, whose data-folder.txt names this source tree's data
target_compile_definitions(test_screens PRIVATE PLATFORMER_DIR="$<TARGET_FILE_DIR:platformer>")
add_dependencies(test_screens platformer)
set_tests_properties(test_screens PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-screens")

# Options > Assist and the menus' follow-ups, through the whole front end
# (screenshots in scratch-assist/shots/).
platformer_test(test_assist test_assist.c)
target_link_libraries(test_assist PRIVATE platform_core app)
target_include_directories(test_assist PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
target_compile_definitions(test_assist PRIVATE PLATFORMER_DIR="$<TARGET_FILE_DIR:platformer>")
add_dependencies(test_assist platformer)
set_tests_properties(test_assist PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-assist")

# Text beyond ASCII in the real font (screenshots in scratch-text/shots/).
platformer_test(test_render_text test_render_text.c)
target_link_libraries(test_render_text PRIVATE platform_core json)
target_include_directories(test_render_text PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_render_text PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-text")

# The game in a window under a virtual X server (xvfb-run, xdotool).
add_test(NAME platform_window_smoke
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/window_smoke.sh
          $<TARGET_FILE:platformer> ${PROJECT_SOURCE_DIR}/tests/levels/good/basic.json
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
# Alone: timing-driven key presses do not share the machine with valgrind.
set_tests_properties(platform_window_smoke PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# A saved scale of 8 on a 1280x720 screen opens at the largest that fits.
add_test(NAME platform_window_fits_the_display
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/window_fit.sh $<TARGET_FILE:platformer>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(platform_window_fits_the_display PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
add_test(NAME platform_window_fill
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/window_fill.sh $<TARGET_FILE:platformer>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(platform_window_fill PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# The screens that know the campaign, through a small campaign of its own
# made in a scratch folder (with the real assets linked in).
platformer_test(test_campaign_screens test_campaign_screens.c)
target_link_libraries(test_campaign_screens PRIVATE platform_core audio)
target_include_directories(test_campaign_screens PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_campaign_screens PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-campaign")

# Level packs and the player's own levels on Custom levels, with the real
# assets, campaign and example pack linked into a scratch data folder
# (pictures in scratch-packs/shots/).
platformer_test(test_packs test_packs.c)
target_link_libraries(test_packs PRIVATE platform_core)
target_include_directories(test_packs PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
set_tests_properties(test_packs PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-packs")

# A pack copied into a fresh player's folder, its first level finished in a
# real window (xdotool): its second opens, the campaign's progress stays.
add_test(NAME platform_pack_window
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/pack_window.sh $<TARGET_FILE:platformer>
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(platform_pack_window PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# The player's files through the whole front end, in each way a save was
# lost before: each case a ctest of its own (frontend_saves_NAME).
add_executable(test_frontend_saves test_frontend_saves.c)
target_link_libraries(test_frontend_saves PRIVATE game platform_core PkgConfig::CHECK)
target_include_directories(test_frontend_saves PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
target_compile_definitions(test_frontend_saves PRIVATE PLATFORMER_DIR="$<TARGET_FILE_DIR:platformer>")
add_dependencies(test_frontend_saves platformer)
foreach(case custom_campaign two_copies full_disk no_folder long_path records_128 emfile symlink)
  add_test(NAME frontend_saves_${case} COMMAND test_frontend_saves)
  set_tests_properties(frontend_saves_${case} PROPERTIES
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    ENVIRONMENT "CK_RUN_CASE=${case};SDL_VIDEODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-frontend-saves-${case}")
endforeach()

# Each file the game writes from the command line, aimed at a FIFO or a
# device node, is refused and the node left as it was; a FIFO as a replay
# to read is refused, not waited on.
add_test(NAME platform_outputs_refused
  COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DSOURCE=${PROJECT_SOURCE_DIR}
          -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scratch-outputs
          -P ${CMAKE_CURRENT_SOURCE_DIR}/platform/outputs_refused.cmake)

# the ground as painted: every autotile case, depth, details, decorations
platformer_test(test_tiles test_tiles.c)
target_link_libraries(test_tiles PRIVATE platform_core SDL2_image::SDL2_image)
set_tests_properties(test_tiles PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy")

# The level editor from the command line: every shipped level through
# --edit LEVEL --save-as OUT --frames 1 comes out byte-identical.
add_test(NAME editor_save_as_shipped_levels
  COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DSOURCE=${PROJECT_SOURCE_DIR}
          -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/editor-save-as
          -P ${CMAKE_CURRENT_SOURCE_DIR}/platform/editor_save_as.cmake)

# The editor in a window (xvfb-run, xdotool): a level made with the mouse
# and the keys, saved, checked, and completed by a recorded input.
add_test(NAME editor_window_make_a_level
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/platform/editor_window.sh
          $<TARGET_FILE:platformer> ${CMAKE_CURRENT_SOURCE_DIR}/platform/editor_window.replay
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(editor_window_make_a_level PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# The editor's screen driven by key events: README.md's key table is the
# editor's, the keyboard alone edits, plays and saves (pictures in
# scratch-editor/shots/).
platformer_test(test_editor test_editor.c)
target_link_libraries(test_editor PRIVATE platform_core)
target_include_directories(test_editor PRIVATE ${PROJECT_SOURCE_DIR}/src/platform/internal)
target_compile_definitions(test_editor PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
set_tests_properties(test_editor PROPERTIES
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  ENVIRONMENT "SDL_VIDEODRIVER=dummy;SDL_AUDIODRIVER=dummy;XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/scratch-editor")
