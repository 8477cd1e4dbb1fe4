# SPDX-License-Identifier: Zlib
# The audio module's tests: tones and the mixer, the sound bank, the music
# and `--render-music` (which test_music runs in-process, from app/).
function(audio_test name)
  add_executable(${name} ${name}.c)
  target_link_libraries(${name} PRIVATE audio PkgConfig::CHECK m ${ARGN})
  target_compile_definitions(${name} PRIVATE
    SOUNDS_FILE="${PROJECT_SOURCE_DIR}/assets/sounds.txt"
    MUSIC_DIR="${PROJECT_SOURCE_DIR}/assets/music"
    DATA_DIR="${PROJECT_SOURCE_DIR}")
  add_test(NAME ${name} COMMAND ${name})
  # files the tests write go in the build tree
  set_tests_properties(${name} PROPERTIES WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
endfunction()

audio_test(test_synth)
audio_test(test_bank game save) # the game's list of its sounds (game/sound.h)
audio_test(test_music app)
