# A reproducible version string: `git describe` of the source tree when it is a git checkout,
# else the project version. The same tree always yields the same string.
set(RAIDBENCH_VERSION_STRING "${PROJECT_VERSION}")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
    execute_process(
        COMMAND "${GIT_EXECUTABLE}" describe --tags --always --dirty=-modified
        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
        OUTPUT_VARIABLE _raidbench_describe
        OUTPUT_STRIP_TRAILING_WHITESPACE
        ERROR_QUIET
        RESULT_VARIABLE _raidbench_describe_rc)
    if(_raidbench_describe_rc EQUAL 0 AND _raidbench_describe)
        if(_raidbench_describe MATCHES "^v?[0-9]+\\.[0-9]")
            string(REGEX REPLACE "^v" "" RAIDBENCH_VERSION_STRING "${_raidbench_describe}")
        else()
            # No tag yet: the commit count keeps versions ordered for dpkg, the hash names the tree.
            execute_process(
                COMMAND "${GIT_EXECUTABLE}" rev-list --count HEAD
                WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
                OUTPUT_VARIABLE _raidbench_count
                OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
            set(RAIDBENCH_VERSION_STRING "${PROJECT_VERSION}+git${_raidbench_count}.g${_raidbench_describe}")
        endif()
    endif()
endif()
message(STATUS "RaidBench version: ${RAIDBENCH_VERSION_STRING}")
