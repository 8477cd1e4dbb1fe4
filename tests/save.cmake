# SPDX-License-Identifier: Zlib
# Tests of the save module. They link only what they test, so they build
# whatever state the simulation is in.
set(SAVE_TEST_DATA ${CMAKE_CURRENT_SOURCE_DIR}/save)
set(SAVE_SCRATCH ${CMAKE_CURRENT_BINARY_DIR}/save-scratch)

function(save_test name lib)
  add_executable(${name} ${name}.c)
  target_link_libraries(${name} PRIVATE ${lib} PkgConfig::CHECK)
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(${name} PRIVATE
    SAVE_TEST_DATA="${SAVE_TEST_DATA}"
    SAVE_SCRATCH="${SAVE_SCRATCH}"
    CAMPAIGN_FILE="${PROJECT_SOURCE_DIR}/levels/campaign.json"
    CAMPAIGN_CORPUS="${CMAKE_CURRENT_SOURCE_DIR}/levels/campaigns")
  add_test(NAME ${name} COMMAND ${name})
endfunction()

save_test(test_atomic atomic)
save_test(test_save_settings save)
save_test(test_save_progress save)
save_test(test_save_campaign save)
# A saving process killed at random moments, 500 times: each file is whole.
save_test(test_save_kill save)
# The full-disk case alone, under a name of its own.
add_test(NAME save_full_disk COMMAND test_save_progress)
set_tests_properties(save_full_disk PROPERTIES ENVIRONMENT "CK_RUN_CASE=full_disk")
